import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant';

/**
 * A project's List texts never sent nor claimed for sending: what an unload removes and a cancel keeps from going
 * out (and what their confirmations count).
 */
export const unsentListTextsWhere = (organizationId: number, projectId: number) =>
  sql`organization_id = ${organizationId} AND project_id = ${projectId} AND text_type = 'List'
         AND sent_at IS NULL AND claimed_at IS NULL`;

/**
 * Removes what a load made for the project, as set operations in the caller's transaction: its List texts that
 * were never sent or claimed for sending (those are history and stay), with their counts taken off
 * project_text_counts, and the load's exclusions, counts and area codes. Returns the texts removed.
 */
export async function removeLoad(tx: Tx, organizationId: number, projectId: number): Promise<number> {
  const org = organizationId;
  const { rows } = await tx.execute<{ removed: number }>(sql`
    WITH gone AS (
      DELETE FROM texts WHERE ${unsentListTextsWhere(org, projectId)}
      RETURNING created_at, from_phone_id, text_status),
    counted AS (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, from_phone_id, text_status, count(*) AS n
        FROM gone WHERE from_phone_id IS NOT NULL GROUP BY 1, 2, 3),
    taken AS (
      UPDATE project_text_counts c SET count = c.count - counted.n
        FROM counted
       WHERE c.organization_id = ${org} AND c.project_id = ${projectId} AND c.day = counted.day
         AND c.from_phone_id = counted.from_phone_id AND c.text_status = counted.text_status
      RETURNING 1)
    SELECT (SELECT count(*) FROM gone)::int AS removed, (SELECT count(*) FROM taken) AS taken`);
  await tx.execute(
    sql`DELETE FROM project_text_counts WHERE organization_id = ${org} AND project_id = ${projectId} AND count <= 0`,
  );
  for (const table of ['project_exclusions', 'project_exclusion_counts', 'project_area_codes'])
    await tx.execute(sql`DELETE FROM ${sql.raw(table)} WHERE organization_id = ${org} AND project_id = ${projectId}`);
  return rows[0].removed;
}
