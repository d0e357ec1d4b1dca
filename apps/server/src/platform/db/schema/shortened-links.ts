import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, organizationId, refId, tenantPolicy, timestamps } from './_columns';
import { organizations } from './organizations';
import { customDomains } from './organization-settings';

/** A short link on one of the organization's domains that redirects to originalLink and counts clicks. */
export const shortenedLinks = pgTable(
  'shortened_links',
  {
    id: id(),
    organizationId: organizationId(() => organizations.id),
    originalLink: text('original_link').notNull(),
    // The code chosen by staff, unique on its domain.
    shortCode: text('short_code'),
    // Global: the public redirect finds the link by this code before any tenant is known.
    generatedShortCode: text('generated_short_code').notNull(),
    customDomainId: refId('custom_domain_id').references(() => customDomains.id, { onDelete: 'set null' }),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    timesClicked: integer('times_clicked').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('shortened_links'),
    uniqueIndex('shortened_links_generated_short_code_key').on(t.generatedShortCode),
    uniqueIndex('shortened_links_domain_short_code_key')
      .on(t.organizationId, t.customDomainId, t.shortCode)
      .where(sql`${t.shortCode} IS NOT NULL`),
    index('shortened_links_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
