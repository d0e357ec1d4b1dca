import { formatPhone, list, row } from '@canvass/domain';
import { lazyNamed } from '../app/lazy-component';
import type { ResourceRecord } from '../ui/types';
import { childListTab, defineScreen, editTab, laterTab, type ResourceTab } from '../ui/screen';

// Everything particular to lists loads with the first visit to a list: the dashboard does not carry it.
const ListCreatePage = lazyNamed(() => import('./lists/ListCreatePage'), 'ListCreatePage');
const ListLoadHeader = lazyNamed(() => import('./lists/ListLoadHeader'), 'ListLoadHeader');
const ListOverview = lazyNamed(() => import('./lists/ListOverview'), 'ListOverview');
const ColumnPicker = lazyNamed(() => import('./lists/ColumnPicker'), 'ColumnPicker');

/** A row's phone: the cleaned number, or the sheet's text when it was not a valid number (so it can be fixed). */
function rowCell(column: string, record: ResourceRecord) {
  if (column !== 'toPhoneNumber') return undefined;
  if (typeof record.toPhoneNumber === 'string' && record.toPhoneNumber) return formatPhone(record.toPhoneNumber);
  return typeof record.rawPhoneNumber === 'string' && record.rawPhoneNumber ? record.rawPhoneNumber : undefined;
}

// The overview shows the stored counts of the load, not the generic field list.
const overview: ResourceTab = {
  path: 'overview',
  label: 'Overview',
  render: ({ record }) => <ListOverview record={record} />,
};

export const listScreen = defineScreen(list, {
  afterDeletePath: '/lists',
  header: (record) => <ListLoadHeader record={record} />,
  newPage: () => <ListCreatePage />,
  sectionExtra: (section, record) => (section === 'basic-info' ? <ColumnPicker record={record} /> : null),
  tabs: [
    overview,
    laterTab('projects', 'Projects', 'Projects using this list will appear here once projects are available'),
    // Spec §9: a list's rows page holds 20.
    childListTab({
      path: 'rows',
      label: 'Rows',
      def: row,
      parentField: 'listId',
      options: { pageSize: 20, alsoSelect: ['rawPhoneNumber'] },
      cell: rowCell,
    }),
    editTab({ extra: (record) => <ColumnPicker record={record} /> }),
  ],
});
