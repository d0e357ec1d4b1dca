import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { organizations } from './organizations';
import { customDomains } from './organization-settings';

/** A short link on one of the organization's domains that redirects to originalLink and counts clicks. */
export const shortenedLinks = pgTable(
  'shortened_links',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    originalLink: text('original_link').notNull(),
    // The code chosen by staff, unique on its domain.
    shortCode: text('short_code'),
    // Random and long enough to be unique in practice: the public redirect finds the link by it alone.
    generatedShortCode: text('generated_short_code').notNull(),
    customDomainId: refId('custom_domain_id'),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    timesClicked: integer('times_clicked').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('shortened_links'),
    tenantKey('shortened_links', t),
    tenantRef('shortened_links', t, t.customDomainId, customDomains, 'restrict'),
    // Unique per organization (Citus refuses a UNIQUE without organization_id); the redirect looks up by the
    // code alone through the plain index.
    uniqueIndex('shortened_links_generated_short_code_key').on(t.organizationId, t.generatedShortCode),
    index('shortened_links_generated_short_code_idx').on(t.generatedShortCode),
    uniqueIndex('shortened_links_domain_short_code_key')
      .on(t.organizationId, t.customDomainId, t.shortCode)
      .where(sql`${t.shortCode} IS NOT NULL`),
    index('shortened_links_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
