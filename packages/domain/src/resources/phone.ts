import { Carrier, LineType, PhoneStatus, PhoneType, Provider } from '../enums';
import { defineResource, field, oneOf, ref, text } from '../resource';

export const phone = defineResource({
  name: 'phone',
  plural: 'phones',
  typeName: 'Phone',
  label: 'Phone',
  pluralLabel: 'Phones',
  path: 'phones',
  fields: {
    number: field('phone', 'Number', { required: true, placeholder: '(212)-555-0100' }),
    phoneType: oneOf(PhoneType, 'Type', { required: true, default: 'FromPhone' }),
    // Spec §4: a created phone starts awaiting API verification.
    phoneStatus: oneOf(PhoneStatus, 'Status', { required: true, default: 'AwaitingAPIVerify' }),
    description: text('Description', { maxLength: 255 }),
    campaignId: ref('campaign', 'campaign', 'Campaign'),
    clientId: ref('client', 'client', 'Client'),
    state: text('State', { maxLength: 2, format: 'usState' }),
    carrier: oneOf(Carrier, 'Carrier'),
    // Filled by a number lookup (Phones: Look up carriers): the Landline filter reads the line type, and the network
    // is the carrier's name as the lookup gave it.
    lineType: oneOf(LineType, 'Line type', { readOnly: true }),
    network: text('Network', { readOnly: true }),
    // The provider a purchased number was bought from, and the organization's colour for it (spec §3
    // providerColor, added per page from its provider colours).
    provider: oneOf(Provider, 'Provider', { readOnly: true, colourFrom: 'providerColor' }),
    providerColor: field('color', 'Provider colour', { readOnly: true }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['number', 'phoneType', 'phoneStatus', 'provider', 'campaignId', 'clientId', 'createdAt'],
    search: 'number',
    sortBy: 'createdAt',
    // An organization's recipients (one phone per number its lists hold) run to millions, and a list load inserts
    // them by the hundred thousand: every sort index is paid on each insert, so only number and date sort, and the
    // date as the id does (ids are handed out as phones are made): through the key, with no index of its own.
    sortable: ['number', 'createdAt'],
    sortsById: ['createdAt'],
    sortOrder: 'Desc',
    exportColumns: [
      'number',
      'phoneType',
      'phoneStatus',
      'description',
      'campaignId',
      'clientId',
      'state',
      'carrier',
      'createdAt',
    ],
  },
  sections: [
    {
      title: 'General',
      path: 'general',
      fields: ['number', 'phoneType', 'phoneStatus', 'description', 'campaignId', 'clientId', 'state', 'carrier'],
    },
  ],
  statusField: 'phoneStatus',
  favorite: true,
  inlineCreate: true,
  ownedBy: 'clientId',
  messages: { destroyed: 'The phone has been deleted successfully' },
});
