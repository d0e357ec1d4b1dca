import type { ResourceTab } from '../ui/screen';
import { lazyNamed } from '../app/lazy-component';

// Loaded with the first visit to the tab, like the generic screens.
const ListFiltersPanel = lazyNamed(() => import('./list-filters'), 'ListFiltersPanel');

/** A client's list-filters tab (spec §2 clients/{id}): its own filters, which override the organization's. */
export function listFiltersTab(): ResourceTab {
  return {
    path: 'list-filters',
    label: 'List Filters',
    render: ({ record }) => <ListFiltersPanel clientId={record.id} />,
  };
}
