import { CampaignType } from '../enums';
import { defineResource, field, oneOf, ref, text } from '../resource';

export const campaign = defineResource({
  name: 'campaign',
  plural: 'campaigns',
  typeName: 'Campaign',
  label: 'Campaign',
  pluralLabel: 'Campaigns',
  path: 'campaigns',
  fields: {
    name: text('Name', { required: true, maxLength: 255 }),
    code: text('Code', { required: true, maxLength: 50 }),
    campaignType: oneOf(CampaignType, 'Campaign type', { required: true, adminOnly: true, default: 'Registered' }),
    clientId: ref('client', 'client', 'Client', { disabledWhen: { campaignType: 'Unregistered' } }),
    brandId: ref('brand', 'brand', 'Brand', { required: true }),
    startDate: field('date', 'Start date'),
    endDate: field('date', 'End date'),
    canBuyMorePhones: field('boolean', 'Can buy more phones'),
    phonesCount: field('number', 'Phones', { readOnly: true, required: true, integer: true }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['name', 'code', 'campaignType', 'clientId', 'brandId', 'createdAt'],
    search: 'name',
    sortBy: 'createdAt',
    sortOrder: 'Desc',
    exportColumns: ['name', 'code', 'campaignType', 'clientId', 'brandId', 'startDate', 'endDate', 'createdAt'],
  },
  sections: [
    {
      title: 'General',
      path: 'general',
      fields: ['campaignType', 'clientId', 'brandId', 'name', 'code', 'startDate', 'endDate', 'canBuyMorePhones'],
    },
  ],
  inlineCreate: true,
  dashboardLink: true,
  ownedBy: 'clientId',
  messages: { destroyed: 'The campaign has been deleted successfully' },
});
