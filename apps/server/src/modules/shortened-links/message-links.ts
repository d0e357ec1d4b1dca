import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';

/** A shortened link as a message names it: `{link:code}`, served on `domain` (null: it has none yet). */
export interface MessageLink {
  code: string;
  domain: string | null;
}

/**
 * The organization's shortened links as a message may name them (its shortCode, else its generatedShortCode) with
 * the custom domain each is served on: what the load renders `{link:code}` with, and what the editor offers.
 * Oldest first. In the caller's (tenant) transaction.
 */
export async function messageLinksOf(tx: Tx, organizationId: number): Promise<MessageLink[]> {
  const { rows } = await tx.execute<{ code: string; domain: string | null }>(sql`
    SELECT coalesce(l.short_code, l.generated_short_code) AS code, d.domain
      FROM shortened_links l
      LEFT JOIN custom_domains d ON d.organization_id = l.organization_id AND d.id = l.custom_domain_id
     WHERE l.organization_id = ${organizationId}
     ORDER BY l.id`);
  return rows.map((r) => ({ code: r.code, domain: r.domain }));
}
