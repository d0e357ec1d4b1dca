import type { ResourceTab } from '../../ui/screen';
import { lazyNamed } from '../../ui/lazy-component';

// Loaded with the first visit to the tab, like the generic screens.
const ListFiltersPanel = lazyNamed(() => import('./list-filters'), 'ListFiltersPanel');

/**
 * A client's or a project's list-filters tab (spec §2 clients/{id}, projects/{id}): its own filters, which override
 * the organization's (and, for a project, its client's); the first 50 a page (spec §9).
 */
export function listFiltersTab(level: 'client' | 'project' = 'client'): ResourceTab {
  return {
    path: 'list-filters',
    label: 'List Filters',
    render: ({ record }) =>
      level === 'project' ? (
        <ListFiltersPanel clientId={null} projectId={record.id} />
      ) : (
        <ListFiltersPanel clientId={record.id} />
      ),
  };
}
