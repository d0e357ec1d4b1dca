import { Provider, ProviderConfigurationType } from '../enums';
import { defineResource, field, keyValues, oneOf, ref, text } from '../resource';

export const brand = defineResource({
  name: 'brand',
  plural: 'brands',
  typeName: 'Brand',
  label: 'Brand',
  pluralLabel: 'Brands',
  path: 'brands',
  fields: {
    name: text('Name', { required: true, maxLength: 255 }),
    provider: oneOf(Provider, 'Provider', { required: true, createOnly: true, exclude: ['Copaco'] }),
    throughput: field('number', 'Throughput', {
      required: true,
      maxLength: 6,
      integer: true,
      min: 1,
      placeholder: 'Messages per second',
    }),
    // Carriers cap what one number sends a day; a number that reached it waits for the next day (not a spec field).
    dailyCapPerNumber: field('number', 'Daily cap per number', {
      maxLength: 6,
      integer: true,
      min: 1,
      placeholder: 'Messages per number per day (blank: no cap)',
    }),
    code: text('Code', { maxLength: 50 }),
    color: field('color', 'Colour'),
    clientId: ref('client', 'client', 'Client'),
    providerConfigurationType: oneOf(ProviderConfigurationType, 'Configuration source', {
      required: true,
      default: 'Organization',
    }),
    providerConfigurationValues: keyValues('Configuration', { keysFrom: 'provider' }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['name', 'provider', 'throughput', 'clientId', 'createdAt'],
    search: 'name',
    sortBy: 'createdAt',
    sortOrder: 'Desc',
    exportColumns: [
      'name',
      'provider',
      'throughput',
      'dailyCapPerNumber',
      'code',
      'clientId',
      'providerConfigurationType',
      'createdAt',
    ],
  },
  sections: [
    {
      title: 'General',
      path: 'general',
      fields: [
        'name',
        'provider',
        'throughput',
        'dailyCapPerNumber',
        'code',
        'color',
        'clientId',
        'providerConfigurationType',
        'providerConfigurationValues',
      ],
    },
  ],
  menuOrder: 4,
  dashboardLink: true,
  ownedBy: 'clientId',
  messages: { destroyed: 'The brand has been deleted successfully' },
});
