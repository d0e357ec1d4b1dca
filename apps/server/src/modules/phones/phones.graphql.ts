import { registerResource } from '../../platform/graphql/resource-schema';
import { tableOf } from '../tables';
import { phonesService } from './phones.service';

registerResource(phonesService, tableOf);
