import { Provider, type ProviderValue } from '@canvass/domain';
import { UnauthenticatedError } from '../../platform/auth/viewer';
import { builder } from '../../platform/graphql/builder';
import { enumRef } from '../../platform/graphql/enums';
import { providerCapabilities } from './providers/index';
import type { ProviderCapabilities } from './providers/messaging-provider';

const ProviderCapabilitiesRef = builder.objectRef<ProviderCapabilities>('ProviderCapabilities').implement({
  description: 'What Canvass can do through a provider; what it lacks is false, never faked',
  fields: (t) => ({
    sms: t.exposeBoolean('sms'),
    mms: t.exposeBoolean('mms'),
    maxMediaBytes: t.int({
      nullable: true,
      description: 'The largest media of one MMS, in bytes; null without MMS',
      resolve: (c) => c.maxMediaBytes,
    }),
    deliveryReceipts: t.exposeBoolean('deliveryReceipts', { description: 'The provider reports delivery' }),
    inbound: t.exposeBoolean('inbound', { description: 'The provider forwards replies' }),
    lookup: t.exposeBoolean('lookup', { description: 'Number lookup: carrier and line type' }),
    numbers: t.exposeBoolean('numbers', { description: 'Search, buy and release numbers' }),
  }),
});

builder.queryField('providerCapabilities', (t) =>
  t.field({
    type: ProviderCapabilitiesRef,
    description: 'What Canvass can do through a provider (known without its settings), for its configuration screens',
    args: { provider: t.arg({ type: enumRef(Provider), required: true }) },
    // Not tenant data: the same for everyone signed in.
    resolve: (_r, args, ctx) => {
      if (!ctx.viewer) throw new UnauthenticatedError();
      return providerCapabilities(args.provider as ProviderValue);
    },
  }),
);
