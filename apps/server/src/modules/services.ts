import type { ResourceService } from '../platform/resources/resource-service';
import { brandsService } from './brands/brands.service';
import { campaignsService } from './campaigns/campaigns.service';
import { clientsService } from './clients/clients.service';
import { phonesService } from './phones/phones.service';

/** Every generic resource service by its list name (clients, brands …): what exportCsv may be asked for. */
export const servicesByPlural: Record<string, ResourceService> = Object.fromEntries(
  [clientsService, brandsService, campaignsService, phonesService].map((s) => [s.def.plural, s]),
);
