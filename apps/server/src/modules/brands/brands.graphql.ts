import { registerResource } from '../../platform/graphql/resource-schema';
import { tableOf } from '../tables';
import { brandsService } from './brands.service';

registerResource(brandsService, tableOf);
