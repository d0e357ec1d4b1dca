import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';

/** A text just handed to its provider (its sent_at stamped), as project_send_minutes counts it. */
export interface SentText {
  projectId: number | null;
  provider: string | null;
}

const MINUTE_MS = 60_000;

/**
 * Adds texts whose sent_at was just stamped `sentAt` to their project's minute per provider (project_send_minutes,
 * spec §3 Text insight), in the caller's transaction: whoever stamps sent_at calls this with the same texts. Texts
 * outside a project or with no provider are not a project's pace and are left out. One statement, routed to the
 * organization's shard on Citus.
 */
export async function countSends(
  tx: Tx,
  organizationId: number,
  sentAt: string,
  texts: readonly SentText[],
): Promise<void> {
  const sums = new Map<string, { project_id: number; provider: string; sent: number }>();
  for (const { projectId, provider } of texts) {
    if (projectId === null || !provider) continue;
    const key = `${projectId}|${provider}`;
    const held = sums.get(key);
    if (held) held.sent++;
    else sums.set(key, { project_id: projectId, provider, sent: 1 });
  }
  if (!sums.size) return;
  // In key order: two transactions adding to the same minutes lock its rows in the same order, never in a cycle.
  const rows = [...sums.values()].sort(
    (a, b) => a.project_id - b.project_id || (a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0),
  );
  const minute = new Date(Math.floor(Date.parse(sentAt) / MINUTE_MS) * MINUTE_MS).toISOString();
  await tx.execute(sql`
    INSERT INTO project_send_minutes (organization_id, project_id, minute, provider, sent)
    SELECT ${organizationId}::bigint, s.project_id, ${minute}::timestamptz, s.provider, s.sent
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS s(project_id bigint, provider provider, sent bigint)
    ON CONFLICT (organization_id, project_id, minute, provider)
      DO UPDATE SET sent = project_send_minutes.sent + EXCLUDED.sent`);
}
