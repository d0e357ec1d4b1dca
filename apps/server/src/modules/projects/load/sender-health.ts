import { senderHealth, type SenderHealth } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant';

/** One sender number of a project, with how its texts fared (issue 15 §4: warn before the carrier blocks it). */
export interface ProjectSender extends SenderHealth {
  phoneId: number;
  number: string;
  provider: string | null;
}

/**
 * Each sender number's health in a project, read from project_text_counts (counts per project, day, sender and
 * status, kept by sending), never by counting texts; busiest sender first. The caller has checked the project is
 * the viewer's to see; the organization is named here as in every query.
 */
export async function projectSenders(tx: Tx, organizationId: number, projectId: number): Promise<ProjectSender[]> {
  const { rows } = await tx.execute<{
    phone_id: string;
    number: string;
    provider: string | null;
    status: string;
    count: string;
  }>(sql`
    SELECT c.from_phone_id AS phone_id, p.number, p.provider::text AS provider, c.text_status::text AS status,
           sum(c.count) AS count
      FROM project_text_counts c
      JOIN phones p ON p.organization_id = c.organization_id AND p.id = c.from_phone_id
     WHERE c.organization_id = ${organizationId} AND c.project_id = ${projectId}
     GROUP BY c.from_phone_id, p.number, p.provider, c.text_status
    HAVING sum(c.count) > 0`);
  const byPhone = new Map<
    string,
    { number: string; provider: string | null; counts: { status: string; count: number }[] }
  >();
  for (const r of rows) {
    const sender = byPhone.get(r.phone_id) ?? { number: r.number, provider: r.provider, counts: [] };
    sender.counts.push({ status: r.status, count: Number(r.count) });
    byPhone.set(r.phone_id, sender);
  }
  return [...byPhone]
    .map(([phoneId, s]) => ({
      phoneId: Number(phoneId),
      number: s.number,
      provider: s.provider,
      ...senderHealth(s.counts),
    }))
    .sort((a, b) => b.sent - a.sent || a.number.localeCompare(b.number));
}
