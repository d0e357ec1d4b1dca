import { resources, type ResourceDef } from '@canvass/domain';
import { Navigate, type RouteObject } from 'react-router';
import { lazyNamed } from '../ui/lazy-component';
import { editTab, overviewTab, type ResourceScreen } from '../ui/screen';
import { brandScreen } from './brands';
import { campaignScreen } from './campaigns';
import { clientScreen } from './clients';
import { listScreen } from './lists/lists';
import { dataImportScreen, dataImportTemplateScreen } from './data-imports/data-imports';
import { optOutScreen } from './opt-outs/opt-outs';
import { phoneScreen } from './phones/phones';
import { projectScreen } from './projects/projects';
import { teamScreen } from './teams/teams';
import { textScreen } from './texts/texts';
import { collectionScreen } from './collections';
import { userScreen } from './users/users';

// Each generic screen is a chunk of its own, loaded on the first visit (the dashboard does not carry the forms).
const ResourceIndex = lazyNamed(() => import('../ui/resource-index'), 'ResourceIndex');
const ResourceCreatePage = lazyNamed(() => import('../ui/resource-create-page'), 'ResourceCreatePage');
const ResourceShowPage = lazyNamed(() => import('../ui/resource-show-page'), 'ResourceShowPage');

/** The resources whose screens add tabs of their own; a screen file is needed only for that. */
const ownScreens: readonly ResourceScreen[] = [
  clientScreen,
  brandScreen,
  campaignScreen,
  phoneScreen,
  listScreen,
  dataImportScreen,
  dataImportTemplateScreen,
  teamScreen,
  collectionScreen,
  optOutScreen,
  projectScreen,
  textScreen,
];

/** A resource with nothing of its own: its fields read-only and its edit form. */
const plainScreen = (def: ResourceDef): ResourceScreen => ({ def, tabs: [overviewTab(), editTab()] });

/** Every registry resource's screens, in registry order, then the users (served over memberships, see its entry). */
export const resourceScreens: readonly ResourceScreen[] = [
  ...Object.values(resources as Record<string, ResourceDef>).map(
    (def) => ownScreens.find((s) => s.def === def) ?? plainScreen(def),
  ),
  userScreen,
];

/** Index, new, and record routes (tab and edit section) of every resource screen. */
export function resourceRoutes(): RouteObject[] {
  return resourceScreens.flatMap((screen): RouteObject[] => {
    const base = `/${screen.def.path}`;
    const index = screen.indexPage?.() ?? <ResourceIndex def={screen.def} addable={Boolean(screen.newPage)} />;
    return [
      { path: base, element: index },
      // Spec §2 names some index pages /{path}/list (data_import/list): the same index.
      { path: `${base}/list`, element: index },
      { path: `${base}/new`, element: screen.newPage?.() ?? <ResourceCreatePage def={screen.def} /> },
      { path: `${base}/:id`, element: <Navigate to="overview" replace /> },
      // Keyed by resource: going from one resource's record to another's (a client's opt-out) mounts a new page,
      // instead of the same one reading the previous record's answer, which lacks the new one, as "not found".
      { path: `${base}/:id/:tab`, element: <ResourceShowPage key={screen.def.name} screen={screen} /> },
      { path: `${base}/:id/edit/:section`, element: <ResourceShowPage key={screen.def.name} screen={screen} /> },
    ];
  });
}
