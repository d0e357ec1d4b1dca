import { CollectionType } from '../enums';
import { defineResource, field, oneOf } from '../resource';

/**
 * A collection (spec §3 Collection, §5): a payment entry of the organization's balance. Amounts are exact decimal
 * text; the fee belongs to type Collection only; a date without a time is 00:00:01 of that day.
 */
export const collection = defineResource({
  name: 'collection',
  plural: 'collections',
  typeName: 'Collection',
  label: 'Collection',
  pluralLabel: 'Collections',
  path: 'collections',
  fields: {
    collectionType: oneOf(CollectionType, 'Type', { required: true }),
    amount: field('money', 'Amount', { required: true, placeholder: '1234.56' }),
    fee: field('money', 'Fee', { placeholder: '12.34', enabledWhen: { collectionType: 'Collection' } }),
    collectionDate: field('datetime', 'Date', { required: true, placeholder: 'YYYY-MM-DD HH:MM' }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['collectionType', 'amount', 'fee', 'collectionDate', 'createdAt'],
    search: 'amount',
    sortBy: 'collectionDate',
    sortOrder: 'Desc',
    sortable: ['collectionType', 'amount', 'collectionDate', 'createdAt'],
    exportColumns: ['collectionType', 'amount', 'fee', 'collectionDate', 'createdAt'],
  },
  sections: [{ title: 'General', path: 'general', fields: ['collectionType', 'amount', 'fee', 'collectionDate'] }],
  ownedBy: null,
  organizationChoice: true,
  messages: { destroyed: 'The collection has been deleted successfully' },
});
