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
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    // Only for type Collection.
    fee: numeric('fee', { precision: 14, scale: 2, mode: 'number' }),
    collectionDate: timestamp('collection_date', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('collections'),
    tenantKey('collections', t),
    index('collections_org_date_idx').on(t.organizationId, t.collectionDate),
    index('collections_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
