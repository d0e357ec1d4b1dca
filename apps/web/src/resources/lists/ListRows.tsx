import { Alert, Loader } from '@mantine/core';
import { formatPhone, row } from '@canvass/domain';
import { useMemo } from 'react';
import { errorText } from '../../ui/notify';
import { ResourceIndex } from '../../ui/ResourceIndex';
import type { ResourceRecord } from '../../ui/types';
import { listRowsDef } from './row-columns';
import { useListLoad } from './use-list-load';

// Spec §9: a list's rows page holds 20; the phone cell also reads the number as found in the sheet.
const OPTIONS = { pageSize: 20, alsoSelect: ['rawPhoneNumber'] };

/** A row's phone: the cleaned number, or the sheet's text when it was not a valid number (so it can be fixed). */
function rowCell(column: string, record: ResourceRecord) {
  if (column !== 'toPhoneNumber') return undefined;
  if (typeof record.toPhoneNumber === 'string' && record.toPhoneNumber) return formatPhone(record.toPhoneNumber);
  return typeof record.rawPhoneNumber === 'string' && record.rawPhoneNumber ? record.rawPhoneNumber : undefined;
}

/** The rows tab: the list's rows with the columns its sheet kept, under the sheet's header names. */
export function ListRows({ record }: { record: { id: string } }) {
  const { list, error } = useListLoad(record);
  // Re-read lists (every 5 s while loading) bring new objects: the table's query changes only with the columns.
  const shape = list && JSON.stringify([list.sheetId, list.sheets.map((s) => [s.id, s.columnRoles]), list.rowColumns]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- shape is the part of list the columns depend on
  const def = useMemo(() => (list ? listRowsDef(row, list) : null), [shape]);
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  if (!def) return <Loader />;
  return (
    <ResourceIndex
      def={def}
      title="Rows"
      filters={[{ field: 'listId', operation: 'Equal', value: record.id }]}
      options={OPTIONS}
      cell={rowCell}
    />
  );
}
