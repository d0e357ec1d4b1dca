import { registerResource } from '../../platform/graphql/resource-schema';
import { tableOf } from '../tables';
import { campaignsService } from './campaigns.service';

registerResource(campaignsService, tableOf);
