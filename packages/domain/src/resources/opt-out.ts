import { OptOutType } from '../enums';
import { defineResource, field, oneOf, ref, text } from '../resource';

/**
 * A number that asked not to be texted (spec §3 OptOut): by one client, or by the whole organization when it has no
 * client. Read-only to the generic machinery: opt-outs are added and removed by the opt-outs module (a number typed
 * or picked, a reason for a removal, an audit record in the same transaction), by a data import, by an inbound
 * STOP (inbound-keywords.ts) and by a provider's report (provider-opt-outs.ts); never edited.
 */
export const optOut = defineResource({
  name: 'optOut',
  plural: 'optOuts',
  typeName: 'OptOut',
  label: 'Opt-out',
  pluralLabel: 'Opt-outs',
  path: 'opt-outs',
  fields: {
    // What an add takes (addOptOut): a number typed or a phone picked, the client (none: organization-wide), a note.
    // The number is kept on the opt-out: a Client-role user sees its opt-outs' numbers although the recipient
    // phone itself (no client) is not one of its phones.
    number: field('phone', 'Phone number', { required: true }),
    // An opt-out goes with its phone or its client (the foreign keys cascade); its audit record stays.
    phoneId: ref('phone', 'phone', 'Phone', { required: true, deletedWith: true }),
    clientId: ref('client', 'client', 'Client', { deletedWith: true }),
    body: text('Body'),
    // Spec §4: an opt-out added by hand is Manual; Provider and Recipient come from the carriers and STOPs.
    optOutType: oneOf(OptOutType, 'Type', { readOnly: true, required: true }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
    // The name of the user who added it, from the users table (decorate): an import's or a STOP's has none.
    createdByName: text('Created by', { readOnly: true }),
  },
  list: {
    columns: ['number', 'clientId', 'optOutType', 'body', 'createdAt', 'createdByName'],
    search: 'number',
    sortBy: 'createdAt',
    sortOrder: 'Desc',
    sortable: ['number', 'createdAt'],
    exportColumns: ['number', 'clientId', 'optOutType', 'body', 'createdAt'],
  },
  sections: [],
  readOnly: true,
  ownedBy: 'clientId',
  messages: { destroyed: 'Opt-out removed' },
});
