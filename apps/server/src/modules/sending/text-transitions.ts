import { isTextProgress, textStatusStage, type EnumValue, type TextStatus } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { countSends, type SentText } from './send-minutes';

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
  /** Whether project_text_counts holds this text: only the load's List texts (test and seed texts are not). */
  counted: boolean;
}

/** The texts project_text_counts counts: the load's (tests, seeds and hand-written texts are not a blast's). */
export const isCountedText = (textType: string): boolean => textType === 'List';

/** A text's key in a batch of reports: its id and created_at (texts' key within an organization). */
export const textKey = (id: number, createdAt: Date | string | number) => `${id}@${new Date(createdAt).getTime()}`;

/** Of several reports for one text, the furthest along. */
function furthest(reports: readonly TextTransition[]): Map<string, TextTransition> {
  const best = new Map<string, TextTransition>();
  for (const r of reports) {
    const key = textKey(r.textId, r.createdAt);
    const held = best.get(key);
    if (!held || textStatusStage[r.to] > textStatusStage[held.to]) best.set(key, r);
  }
  return best;
}

/**
 * Which of these texts dispatch handed to a provider although their rows do not show it yet: it writes a text down
 * as handed over before the request and records the provider's acceptance after, so a fast provider's report can
 * arrive in between (dispatch's handover journal answers).
 */
export type HandedOver = (textIds: number[]) => Promise<Set<number>>;

interface CurrentText extends Record<string, unknown> {
  id: string;
  created_at: Date;
  project_id: string | null;
  from_phone_id: string | null;
  text_status: TextStatusValue;
  text_type: string;
  provider: string | null;
  provider_message_id: string | null;
  sent_at: Date | null;
}

/** Whether a text's row shows it was handed to a provider: the provider's id for it, sent, or a status only that reaches. */
const showsHandedOver = (row: CurrentText): boolean =>
  row.provider_message_id !== null ||
  row.sent_at !== null ||
  textStatusStage[row.text_status] >= textStatusStage.Sending;

/**
 * Moves texts forward on status reports: each text is locked, moved only if the report is a later stage than where
 * it is (a duplicate or late callback changes nothing), and the project's counts by day, sender and status
 * (project_text_counts) move with it in the same transaction, so summaries never count texts. Reaching Sent stamps
 * sent_at once and counts the text in its project's minute (countSends). Several reports for one text in a batch:
 * the furthest wins. Four statements, each routed to the organization's shard on Citus (which refuses the
 * one-statement form: a data-modifying CTE over a function's rows, and STABLE casts of columns inside an UPDATE).
 */
export async function transitionTexts(
  tx: Tx,
  organizationId: number,
  reports: readonly TextTransition[],
): Promise<MovedText[]> {
  return (await applyTransitions(tx, organizationId, reports, null)).moved;
}

/**
 * Moves texts forward on providers' status callbacks, as transitionTexts does, except that a callback for a text
 * never handed to a provider (no provider message id, never Sending nor sent, and not handed over by a dispatch
 * that has yet to record it: handedOver) changes nothing: a misrouted or forged report must not mark a Ready or a
 * claimed text Delivered or Failed, and a claimed text must still be sent once. Returns the texts moved, and the
 * keys (textKey) of those whose callbacks were ignored for that reason, so no other effect of them applies either.
 */
export async function applyStatusCallbacks(
  tx: Tx,
  organizationId: number,
  reports: readonly TextTransition[],
  handedOver: HandedOver,
): Promise<{ moved: MovedText[]; neverHanded: Set<string> }> {
  return applyTransitions(tx, organizationId, reports, handedOver);
}

async function applyTransitions(
  tx: Tx,
  organizationId: number,
  reports: readonly TextTransition[],
  handedOver: HandedOver | null,
): Promise<{ moved: MovedText[]; neverHanded: Set<string> }> {
  const neverHanded = new Set<string>();
  const wanted = furthest(reports);
  if (!wanted.size) return { moved: [], neverHanded };
  const ids = `{${[...new Set([...wanted.values()].map((r) => r.textId))].join(',')}}`;
  const days = `{${[...new Set([...wanted.values()].map((r) => r.createdAt.toISOString()))].join(',')}}`;
  const current = await tx.execute<CurrentText>(sql`
    SELECT id, created_at, project_id, from_phone_id, text_status, text_type, provider, provider_message_id, sent_at
      FROM texts
     WHERE organization_id = ${organizationId} AND id = ANY(${ids}::bigint[])
       AND created_at = ANY(${days}::timestamptz[])
     ORDER BY id
       FOR UPDATE`);
  const progressing = current.rows.filter((row) => {
    const report = wanted.get(textKey(Number(row.id), row.created_at));
    return report !== undefined && isTextProgress(row.text_status, report.to);
  });
  // Asked only of the texts a callback would move that show no sign of a provider: none, in the usual batch.
  const unproven = handedOver ? progressing.filter((row) => !showsHandedOver(row)) : [];
  const handed = unproven.length ? await handedOver!(unproven.map((row) => Number(row.id))) : new Set<number>();
  for (const row of unproven) if (!handed.has(Number(row.id))) neverHanded.add(textKey(Number(row.id), row.created_at));
  const moved: MovedText[] = [];
  const updates: Record<string, unknown>[] = [];
  const stamped: SentText[] = [];
  for (const row of progressing) {
    if (neverHanded.has(textKey(Number(row.id), row.created_at))) continue;
    const report = wanted.get(textKey(Number(row.id), row.created_at))!;
    const projectId = row.project_id === null ? null : Number(row.project_id);
    const fromPhoneId = row.from_phone_id === null ? null : Number(row.from_phone_id);
    moved.push({
      textId: report.textId,
      createdAt: report.createdAt,
      projectId,
      fromPhoneId,
      from: row.text_status,
      to: report.to,
      counted: isCountedText(row.text_type),
    });
    // Handed over with the provider's id (dispatch), or reported sent or beyond by a callback.
    const sent = report.providerMessageId != null || textStatusStage[report.to] >= textStatusStage.Sent;
    if (sent && row.sent_at === null) stamped.push({ projectId, provider: report.provider ?? row.provider });
    updates.push({
      id: report.textId,
      created_at: report.createdAt.toISOString(),
      status: report.to,
      error_message: report.errorMessage ?? null,
      provider: report.provider ?? null,
      provider_message_id: report.providerMessageId ?? null,
      sent,
    });
  }
  if (!moved.length) return { moved, neverHanded };
  const now = new Date().toISOString();
  // One JSON parameter: the reports carry free text (error messages), which an array literal would have to escape.
  await tx.execute(sql`
    UPDATE texts t
       SET text_status = i.status,
           error_message = coalesce(i.error_message, t.error_message),
           provider = coalesce(i.provider, t.provider),
           provider_message_id = coalesce(i.provider_message_id, t.provider_message_id),
           sent_at = CASE WHEN t.sent_at IS NULL AND i.sent THEN ${now}::timestamptz ELSE t.sent_at END,
           updated_at = ${now}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
           AS i(id bigint, created_at timestamptz, status text_status, error_message text, provider provider,
                provider_message_id text, sent boolean)
     WHERE t.organization_id = ${organizationId} AND t.id = i.id AND t.created_at = i.created_at`);
  await moveTextCounts(tx, organizationId, moved);
  await countSends(tx, organizationId, now, stamped);
  return { moved, neverHanded };
}

/** One change to project_text_counts: delta texts of a project, day, sender and status. */
export interface CountDelta {
  projectId: number;
  /** YYYY-MM-DD, the UTC day of the texts' created_at. */
  day: string;
  fromPhoneId: number;
  textStatus: TextStatusValue;
  delta: number;
}

/**
 * Moves each counted text's count from its old status to its new one (project_text_counts, by the UTC day of the
 * text's created_at and its sender). Whoever changes texts' statuses calls this with the same texts, in the same
 * transaction; texts outside a project, without a sender or not counted (isCountedText) are left out.
 */
export async function moveTextCounts(
  tx: Tx,
  organizationId: number,
  moved: readonly Pick<MovedText, 'createdAt' | 'projectId' | 'fromPhoneId' | 'from' | 'to' | 'counted'>[],
): Promise<void> {
  // Summed here by key, with each created_at's day worked out once: dispatch moves thousands of texts a batch,
  // mostly of one load (one created_at), and an object per text was most of this function's time.
  const sums = new Map<string, CountDelta>();
  const days = new Map<number, string>();
  const add = (projectId: number, day: string, fromPhoneId: number, textStatus: TextStatusValue, delta: number) => {
    const key = `${projectId}|${day}|${fromPhoneId}|${textStatus}`;
    const held = sums.get(key);
    if (held) held.delta += delta;
    else sums.set(key, { projectId, day, fromPhoneId, textStatus, delta });
  };
  for (const m of moved) {
    if (!m.counted || m.projectId === null || m.fromPhoneId === null || m.from === m.to) continue;
    const ms = m.createdAt.getTime();
    let day = days.get(ms);
    if (day === undefined) days.set(ms, (day = m.createdAt.toISOString().slice(0, 10)));
    add(m.projectId, day, m.fromPhoneId, m.from, -1);
    add(m.projectId, day, m.fromPhoneId, m.to, 1);
  }
  await applyCountDeltas(tx, organizationId, [...sums.values()]);
}

/** Adds deltas to project_text_counts (summed by key first), in one statement routed to the organization's shard. */
export async function applyCountDeltas(tx: Tx, organizationId: number, deltas: readonly CountDelta[]): Promise<void> {
  const summed = new Map<string, CountDelta>();
  for (const d of deltas) {
    const key = `${d.projectId}|${d.day}|${d.fromPhoneId}|${d.textStatus}`;
    const held = summed.get(key);
    if (held) held.delta += d.delta;
    else summed.set(key, { ...d });
  }
  // In key order: every transaction locks the count rows it moves in the same order, so two that move the same
  // rows (a lane's claim and another's record) wait for each other rather than deadlock.
  const rows = [...summed.values()]
    .filter((d) => d.delta !== 0)
    .sort(
      (a, b) =>
        a.projectId - b.projectId ||
        (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) ||
        a.fromPhoneId - b.fromPhoneId ||
        (a.textStatus < b.textStatus ? -1 : a.textStatus > b.textStatus ? 1 : 0),
    )
    .map((d) => ({
      project_id: d.projectId,
      day: d.day,
      from_phone_id: d.fromPhoneId,
      text_status: d.textStatus,
      delta: d.delta,
    }));
  if (!rows.length) return;
  await tx.execute(sql`
    INSERT INTO project_text_counts (organization_id, project_id, day, from_phone_id, text_status, count)
    SELECT ${organizationId}::bigint, d.project_id, d.day, d.from_phone_id, d.text_status, d.delta
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS d(project_id bigint, day date, from_phone_id bigint, text_status text_status, delta bigint)
    ON CONFLICT (organization_id, project_id, day, from_phone_id, text_status)
      DO UPDATE SET count = project_text_counts.count + EXCLUDED.count`);
}
