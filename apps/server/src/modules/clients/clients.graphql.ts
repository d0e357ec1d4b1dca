import { registerResource } from '../../platform/graphql/resource-schema';
import { tableOf } from '../tables';
import { clientsService } from './clients.service';

registerResource(clientsService, tableOf);
