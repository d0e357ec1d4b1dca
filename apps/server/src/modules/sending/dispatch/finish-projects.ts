import { sql } from 'drizzle-orm';
import { bigintArray, withTenant } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';

/**
 * Sending projects with nothing left to send (no text Ready or Queued, counting those waiting for a retry) become
 * Complete. Paused ones stay Sending: their texts wait for Resume. Returns the projects completed.
 */
export async function finishProjects(platform: Platform, organizationId: number): Promise<number[]> {
  return withTenant(platform.database, { organizationIds: [organizationId], userId: null }, async (tx) => {
    const { rows: sending } = await tx.execute<{ id: string }>(sql`
      SELECT id FROM projects
       WHERE organization_id = ${organizationId} AND project_status = 'Sending' AND delivery_type = 'Blast'
         AND NOT is_paused
         FOR UPDATE`);
    const done: number[] = [];
    for (const { id } of sending) {
      const { rows } = await tx.execute(sql`
        SELECT 1 FROM texts
         WHERE organization_id = ${organizationId} AND project_id = ${Number(id)}
           AND text_status IN ('Ready', 'Queued')
         LIMIT 1`);
      if (!rows.length) done.push(Number(id));
    }
    if (done.length)
      await tx.execute(sql`
        UPDATE projects SET project_status = 'Complete', updated_at = now()
         WHERE organization_id = ${organizationId} AND id = ANY(${bigintArray(done)})`);
    return done;
  });
}
