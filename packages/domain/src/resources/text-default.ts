import { defineResource, field, text } from '../resource';

/**
 * A text default (spec §3 Organization textDefaults): a named value the message editor can insert, one per key in
 * an organization. Also edited as rows of the organization's Text Defaults section.
 */
export const textDefault = defineResource({
  name: 'textDefault',
  plural: 'textDefaults',
  typeName: 'TextDefault',
  label: 'Text default',
  pluralLabel: 'Text defaults',
  path: 'text-defaults',
  fields: {
    field: text('Key', { required: true, maxLength: 100, placeholder: 'signature' }),
    value: text('Value', { required: true, maxLength: 1000 }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['field', 'value', 'createdAt'],
    search: 'field',
    sortBy: 'field',
    sortOrder: 'Asc',
    exportColumns: ['field', 'value', 'createdAt'],
    // A value is free text of any length: not worth an index to sort by.
    sortable: ['field', 'createdAt'],
  },
  sections: [{ title: 'General', path: 'general', fields: ['field', 'value'] }],
  // The organization's own settings: every member who may view text defaults sees them all.
  ownedBy: null,
  messages: { destroyed: 'The text default has been deleted successfully' },
});
