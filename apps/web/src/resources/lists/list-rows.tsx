import { Alert, Loader, SegmentedControl } from '@mantine/core';
import { formatPhone, row, RowStatus } from '@canvass/domain';
import { useMemo, useState } from 'react';
import { errorText } from '../../ui/notify';
import { ResourceIndex } from '../../ui/resource-index';
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

const ALL = 'All';
/** The row statuses the tab filters by (the load's Valid, Invalid, Duplicate), or all rows. */
const STATUS_CHOICES = [{ value: ALL, label: 'All' }, ...RowStatus.options()];

/**
 * The rows tab: the list's rows with the columns its sheet kept, under the sheet's header names, all of them or
 * those of one status (what was left out of texting, and why).
 */
export function ListRows({ record }: { record: { id: string } }) {
  const { list, error } = useListLoad(record);
  const [status, setStatus] = useState(ALL);
  // Re-read lists (every 5 s while loading) bring new objects: the table's query changes only with the columns.
  const shape = list && JSON.stringify([list.sheetId, list.sheets.map((s) => [s.id, s.columnRoles]), list.rowColumns]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- shape is the part of list the columns depend on
  const def = useMemo(() => (list ? listRowsDef(row, list) : null), [shape]);
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  if (!def) return <Loader />;
  return (
    <ResourceIndex
      // Another status is another list of rows: its pages start again from the first.
      key={status}
      def={def}
      title="Rows"
      filters={[
        { field: 'listId', operation: 'Equal', value: record.id },
        ...(status === ALL ? [] : [{ field: 'rowStatus', operation: 'Equal' as const, value: status }]),
      ]}
      options={OPTIONS}
      cell={rowCell}
      notice={<SegmentedControl aria-label="Row status" data={STATUS_CHOICES} value={status} onChange={setStatus} />}
    />
  );
}
