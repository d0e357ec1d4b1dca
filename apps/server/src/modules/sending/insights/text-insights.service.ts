import { sql } from 'drizzle-orm';
import type { Viewer } from '../../../platform/auth/viewer';
import type { Tx } from '../../../platform/db/tenant';
import { canSeeProject } from '../../projects/load/project-summary.service';

/** Spec §3 Text insight: how many of a project's texts one provider sent in one minute, and its average rate. */
export interface TextInsight {
  provider: string;
  /** The minute's start. */
  time: Date;
  sentByMinute: number;
  averagePerSecond: number;
}

/**
 * A project's sending pace: its sent texts per provider and minute, oldest first, with the average per second in
 * each minute; null when there is no such project the viewer may see. Read from the texts sent (sent_at).
 */
export async function projectTextInsights(tx: Tx, viewer: Viewer, projectId: number): Promise<TextInsight[] | null> {
  if (!(await canSeeProject(tx, viewer, projectId))) return null;
  const { rows } = await tx.execute<{ provider: string; minute: Date | string; sent: string }>(sql`
    SELECT coalesce(t.provider::text, 'Unknown') AS provider, date_trunc('minute', t.sent_at) AS minute,
           count(*) AS sent
      FROM texts t
     WHERE t.organization_id = ${viewer.organizationId} AND t.project_id = ${projectId} AND t.sent_at IS NOT NULL
       AND t.text_status <> 'Received'
     GROUP BY 1, 2
     ORDER BY 2, 1`);
  return rows.map((r) => ({
    provider: r.provider,
    time: new Date(r.minute),
    sentByMinute: Number(r.sent),
    averagePerSecond: Math.round((Number(r.sent) / 60) * 100) / 100,
  }));
}
