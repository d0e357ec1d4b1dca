import { resources } from '@canvass/domain';
import { createResourceService, type ResourceService } from '../platform/resources/resource-service';
import { brandsService } from './brands/brands.service';
import { campaignsService } from './campaigns/campaigns.service';
import { clientsService } from './clients/clients.service';
import { listFiltersService } from './list-filters/list-filters.service';
import { listsService } from './lists/lists.service';
import { rowsService } from './lists/rows.service';
import { dataImportsService, dataImportTemplatesService } from './data-imports/data-imports.service';
import { phonesService } from './phones/phones.service';
import { teamsService } from './teams/teams.service';
import { collectionsService } from './collections/collections.service';
import { optOutsService } from './opt-outs/opt-outs.service';
import { projectPhonesService, projectTeamsService, projectTextersService } from './projects/project-parts.service';
import { projectsService } from './projects/projects.service';
import { tableOf } from './tables';
import { textsService } from './texts/texts.service';
import { usersService } from './users/users.service';

/** The resources that add rules of their own (hooks); every other registry entry gets the plain service. */
const withRules: readonly ResourceService[] = [
  clientsService,
  brandsService,
  campaignsService,
  phonesService,
  listFiltersService,
  listsService,
  rowsService,
  dataImportsService,
  dataImportTemplatesService,
  teamsService,
  collectionsService,
  optOutsService,
  projectsService,
  projectPhonesService,
  projectTeamsService,
  projectTextersService,
  textsService,
];

function plainService(name: string): ResourceService {
  const def = resources[name as keyof typeof resources];
  const table = tableOf(name);
  if (!table) throw new Error(`${name}: no table exported as ${def.plural}`);
  return createResourceService(def, table, tableOf);
}

/**
 * The service of every registry entry, in registry order, then the users (people and their memberships, not one
 * tenant table: see its entry): what the schema serves and exportCsv may be asked for.
 */
export const services: readonly ResourceService[] = [
  ...Object.keys(resources).map((name) => withRules.find((s) => s.def.name === name) ?? plainService(name)),
  usersService,
];

export const servicesByPlural: Record<string, ResourceService> = Object.fromEntries(
  services.map((s) => [s.def.plural, s]),
);
