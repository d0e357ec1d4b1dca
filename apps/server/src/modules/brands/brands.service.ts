import { brand } from '@canvass/domain';
import { brands } from '../../platform/db/schema/index';
import { createResourceService } from '../../platform/resources/resource-service';
import { tableOf } from '../tables';

/** Brands: the provider is fixed once created (spec §5), and Copaco cannot be chosen; both are registry rules. */
export const brandsService = createResourceService(brand, brands, tableOf);
