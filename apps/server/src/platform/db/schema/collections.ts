import { index, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { organizationId, tenantId, tenantKey, tenantPolicy, timestamps } from './_columns';
import { collectionTypeEnum } from './enums';
import { organizations } from './organizations';

/** A payment entry of the organization's balance. */
export const collections = pgTable(
  'collections',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    collectionType: collectionTypeEnum('collection_type').notNull(),
    // Money as exact decimal text ('0.10'), never a JavaScript number: no float ever holds an amount.
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    // Only for type Collection.
    fee: numeric('fee', { precision: 14, scale: 2, mode: 'string' }),
    collectionDate: timestamp('collection_date', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('collections'),
    tenantKey('collections', t),
    // The list's sort columns, each ending in id for keyset paging (sort-indexes.test.ts).
    index('collections_org_date_idx').on(t.organizationId, t.collectionDate, t.id),
    index('collections_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('collections_org_type_idx').on(t.organizationId, t.collectionType, t.id),
    index('collections_org_amount_idx').on(t.organizationId, t.amount, t.id),
  ],
);
