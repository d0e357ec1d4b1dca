import { textStatusStage, type EnumValue, type TextStatus } from '@canvass/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';

type TextStatusValue = EnumValue<typeof TextStatus>;

/** One status report for one text (texts' key: organization, id, created_at). */
export interface TextTransition {
  textId: number;
  createdAt: Date;
  to: TextStatusValue;
  errorMessage?: string | null;
  provider?: string | null;
  providerMessageId?: string | null;
}

/** A text that did move, with where it came from (for live progress and follow-up such as a blocked sender). */
export interface MovedText {
  textId: number;
  createdAt: Date;
  projectId: number | null;
  fromPhoneId: number | null;
  from: TextStatusValue;
  to: TextStatusValue;
}

// The stage of a status in SQL, from the one table in @canvass/domain (constants of the code, inlined as such).
const stageCases = Object.entries(textStatusStage)
  .map(([status, stage]) => `WHEN '${status}' THEN ${stage}`)
  .join(' ');
const stageSql = (column: SQL): SQL => sql`(CASE ${column}::text ${sql.raw(stageCases)} END)`;

/**
 * Moves texts forward on status reports, in one statement: each text is locked, moved only if the report is a
 * later stage than where it is (a duplicate or late callback changes nothing), and the project's counts by day,
 * sender and status (project_text_counts) move with it in the same transaction, so summaries never count texts.
 * Reaching Sent stamps sent_at once. Several reports for one text in a batch: the furthest wins.
 */
export async function transitionTexts(
  tx: Tx,
  organizationId: number,
  reports: readonly TextTransition[],
): Promise<MovedText[]> {
  if (!reports.length) return [];
  // One JSON parameter: the reports carry free text (error messages), which an array literal would have to escape.
  const input = JSON.stringify(
    reports.map((r) => ({
      id: r.textId,
      created_at: r.createdAt.toISOString(),
      status: r.to,
      error_message: r.errorMessage ?? null,
      provider: r.provider ?? null,
      provider_message_id: r.providerMessageId ?? null,
    })),
  );
  const result = await tx.execute<{
    id: string;
    created_at: Date | string;
    project_id: string | null;
    from_phone_id: string | null;
    old_status: TextStatusValue;
    new_status: TextStatusValue;
  }>(sql`
    WITH input AS (
      SELECT DISTINCT ON (i.id, i.created_at) i.*
        FROM jsonb_to_recordset(${input}::jsonb)
             AS i(id bigint, created_at timestamptz, status text, error_message text, provider text,
                  provider_message_id text)
       ORDER BY i.id, i.created_at, ${stageSql(sql`i.status`)} DESC
    ), locked AS (
      SELECT t.id, t.created_at, t.text_status
        FROM texts t JOIN input i ON t.id = i.id AND t.created_at = i.created_at
       WHERE t.organization_id = ${organizationId}
         FOR UPDATE OF t
    ), moved AS (
      UPDATE texts t
         SET text_status = i.status::text_status,
             error_message = coalesce(i.error_message, t.error_message),
             provider = coalesce(i.provider::provider, t.provider),
             provider_message_id = coalesce(i.provider_message_id, t.provider_message_id),
             sent_at = CASE WHEN t.sent_at IS NULL AND ${stageSql(sql`i.status`)} >= ${textStatusStage.Sent}
                            THEN now() ELSE t.sent_at END,
             updated_at = now()
        FROM input i JOIN locked l ON l.id = i.id AND l.created_at = i.created_at
       WHERE t.organization_id = ${organizationId} AND t.id = i.id AND t.created_at = i.created_at
         AND l.text_status <> 'Received' AND i.status <> 'Received'
         AND ${stageSql(sql`i.status`)} > ${stageSql(sql`l.text_status`)}
      RETURNING t.id, t.created_at, t.project_id, t.from_phone_id, l.text_status AS old_status,
                t.text_status AS new_status
    ), counted AS (
      INSERT INTO project_text_counts (organization_id, project_id, day, from_phone_id, text_status, count)
      SELECT ${organizationId}::bigint, m.project_id, (m.created_at AT TIME ZONE 'UTC')::date, m.from_phone_id,
             v.status, sum(v.delta)
        FROM moved m, LATERAL (VALUES (m.old_status, -1), (m.new_status, 1)) AS v(status, delta)
       WHERE m.project_id IS NOT NULL AND m.from_phone_id IS NOT NULL
       GROUP BY 2, 3, 4, 5
      ON CONFLICT (organization_id, project_id, day, from_phone_id, text_status)
        DO UPDATE SET count = project_text_counts.count + EXCLUDED.count
    )
    SELECT * FROM moved`);
  return result.rows.map((r) => ({
    textId: Number(r.id),
    createdAt: new Date(r.created_at),
    projectId: r.project_id === null ? null : Number(r.project_id),
    fromPhoneId: r.from_phone_id === null ? null : Number(r.from_phone_id),
    from: r.old_status,
    to: r.new_status,
  }));
}
