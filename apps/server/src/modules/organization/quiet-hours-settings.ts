import { quietHoursOf, type QuietHours } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';

/** The organization's quiet hours (organizations.settings.quietHours), or the defaults when never saved. */
export async function loadQuietHours(tx: Tx, organizationId: number): Promise<QuietHours> {
  const { rows } = await tx.execute<{ settings: Record<string, unknown> | null }>(sql`
    SELECT settings FROM organizations WHERE id = ${organizationId}`);
  return quietHoursOf(rows[0]?.settings);
}
