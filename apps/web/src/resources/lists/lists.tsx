import { list, project } from '@canvass/domain';
import { lazyNamed } from '../../ui/lazy-component';
import { childListTab, defineScreen, editTab, type ResourceTab } from '../../ui/screen';

// Everything particular to lists loads with the first visit to a list: the dashboard does not carry it.
const ListCreatePage = lazyNamed(() => import('./list-create-page'), 'ListCreatePage');
const ListLoadHeader = lazyNamed(() => import('./list-load-header'), 'ListLoadHeader');
const ListOverview = lazyNamed(() => import('./list-overview'), 'ListOverview');
const ListRows = lazyNamed(() => import('./list-rows'), 'ListRows');
const ColumnPicker = lazyNamed(() => import('./column-picker'), 'ColumnPicker');

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
    childListTab({ path: 'projects', label: 'Projects', def: project, parentField: 'listId' }),
    // Spec §9: a list's rows page holds 20; the sheet's kept columns show under its header names.
    { path: 'rows', label: 'Rows', render: ({ record }) => <ListRows record={record} /> },
    editTab({ extra: (record) => <ColumnPicker record={record} /> }),
  ],
});
