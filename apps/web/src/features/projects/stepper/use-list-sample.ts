import { formatPhone, rowColumnKeys, type PlaceholderRecipient, type RowColumnKey } from '@canvass/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import type { MessageSample } from '../message-editor';

// Every kept column a message may name; the row's fifty columns are asked by name, so the query is built once here.
const SAMPLE_ROW = `query StepperSampleRow($filters: [FilterInput!]) {
  rows(filters: $filters, limit: 1) { nodes { id toPhoneNumber firstName lastName ${rowColumnKeys.join(' ')} } }
}`;

type SampleRow = {
  id: string;
  toPhoneNumber: string | null;
  firstName: string | null;
  lastName: string | null;
} & Record<RowColumnKey, string | null>;

/**
 * The recipient the message preview renders for: the list's first valid row (in sheet order), as the Test Text
 * renders for a number outside the list. Null until a list with a valid row is chosen and read.
 */
export function useListSample(listId: string | null): MessageSample | null {
  const variables = useMemo(
    () => ({
      filters: [
        { field: 'listId', operation: 'Equal', value: listId ?? '', arrayValues: null },
        { field: 'rowStatus', operation: 'Equal', value: 'Valid', arrayValues: null },
      ],
    }),
    [listId],
  );
  const [read] = useQuery<{ rows: { nodes: SampleRow[] } }>({ query: SAMPLE_ROW, variables, pause: !listId });
  const row = listId ? read.data?.rows.nodes[0] : undefined;
  return useMemo(() => (row ? sampleOf(row) : null), [row]);
}

function sampleOf(row: SampleRow): MessageSample {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  const phone = row.toPhoneNumber ? formatPhone(row.toPhoneNumber) : '';
  const recipient: PlaceholderRecipient = {
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    columns: Object.fromEntries(rowColumnKeys.map((key) => [key, row[key] ?? ''])),
  };
  return { label: [name, phone].filter(Boolean).join(', ') || 'the first recipient', recipient };
}
