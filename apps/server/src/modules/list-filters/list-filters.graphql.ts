import { builder } from '../../platform/graphql/builder';
import { carrierDataAvailable } from './carrier-data';

builder.queryField('listFilterCarrierDataAvailable', (t) =>
  t.boolean({
    description:
      "Whether any recipient phone of the viewer's organization has a carrier or line type yet (Carrier and Landline filters act on them)",
    resolve: (_r, _a, ctx) => ctx.tenant((tx, viewer) => carrierDataAvailable(tx, viewer.organizationId)),
  }),
);
