import { sql } from 'drizzle-orm';
import type { Viewer } from '../../../platform/auth/viewer';
import type { Tx } from '../../../platform/db/tenant';
import { canSeeProject } from '../load/project-summary.service';

/** Spec §3 Text insight: how many of a project's texts one provider sent in one minute, and its average rate. */
export interface TextInsight {
  provider: string;
  /** The minute's start. */
  time: Date;
  sentByMinute: number;
  averagePerSecond: number;
}

/**
 * A project's sending pace: its texts handed to each provider per minute, oldest first, with the average per second
 * in each minute; null when there is no such project the viewer may see. Read from project_send_minutes (a few rows
 * a minute, kept as texts are sent), never by counting texts, so a sending project's chart may ask again and again.
 */
export async function projectTextInsights(tx: Tx, viewer: Viewer, projectId: number): Promise<TextInsight[] | null> {
  if (!(await canSeeProject(tx, viewer, projectId))) return null;
  const { rows } = await tx.execute<{ provider: string; minute: Date | string; sent: string }>(sql`
    SELECT provider, minute, sent FROM project_send_minutes
     WHERE organization_id = ${viewer.organizationId} AND project_id = ${projectId} AND sent > 0
     ORDER BY minute, provider`);
  return rows.map((r) => ({
    provider: r.provider,
    time: new Date(r.minute),
    sentByMinute: Number(r.sent),
    averagePerSecond: Math.round((Number(r.sent) / 60) * 100) / 100,
  }));
}
