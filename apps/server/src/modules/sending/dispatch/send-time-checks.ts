import { sendingWindowAt, sendTimeMessages, type QuietHours, type WindowState } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { bigintArray, type Tx } from '../../../platform/db/tenant';
import { loadQuietHours } from '../../organization/quiet-hours-settings';
import { isCountedText, moveTextCounts } from '../text-transitions';

/**
 * The checks made on a text at the moment it is claimed to go out, not when it was loaded (issue 15): its recipient
 * opted out (of the project's client, or of the whole organization) or is do-not-contact since; the project's
 * schedule (not before its start, never after its end); quiet hours in the recipient's local time. Made at the claim,
 * so a text waiting in a backlog is checked when it would really go, and an opt-out that arrives while a project
 * sends stops the rest of its texts to that number.
 * Exempt: a keyword's automatic confirmation (auto_reply) goes out at any hour and to a number that just opted out;
 * a Test text to a staff number is checked for opt-outs but not held by quiet hours or the schedule (the staffer
 * asked to see it now); a text from a number of the built-in Simulator is not held by quiet hours, since it reaches
 * no phone (so the demo sends at 11pm as at noon; every real provider's texts wait).
 */

/**
 * What the checks read of a text, selected with it by the claim's locking statement (sendTimeFacts): the facts are
 * those of the moment the text is locked, in one statement rather than a second read of the batch.
 */
export interface CheckedText {
  id: string;
  created_at: Date;
  project_id: string | null;
  from_phone_id: string | null;
  text_type: string;
  auto_reply: boolean;
  simulated: boolean | null;
  area_code: string | null;
  do_not_contact: boolean | null;
  opted_out_at: Date | string | null;
  start_at: Date | string | null;
  end_at: Date | string | null;
}

/**
 * The joins and columns a claim selects for the checks, over `texts t`: r the recipient's phone, s the sender's, p
 * the project. The recipient's opt-outs: of the project's client, or of the whole organization (client_id NULL).
 * Every table names the organization itself, so on Citus the statement routes to its one shard.
 */
export function sendTimeFacts(organizationId: number) {
  return {
    joins: sql`
      LEFT JOIN phones r ON r.organization_id = ${organizationId} AND r.organization_id = t.organization_id
                        AND r.id = t.to_phone_id
      LEFT JOIN phones s ON s.organization_id = ${organizationId} AND s.organization_id = t.organization_id
                        AND s.id = t.from_phone_id
      LEFT JOIN projects p ON p.organization_id = ${organizationId} AND p.organization_id = t.organization_id
                          AND p.id = t.project_id`,
    columns: sql`t.auto_reply, s.provider = 'Simulator' AS simulated, substr(r.number, 1, 3) AS area_code,
      r.do_not_contact, p.start_at, p.end_at,
      (SELECT min(o.created_at) FROM opt_outs o
        WHERE o.organization_id = ${organizationId} AND o.phone_id = t.to_phone_id
          AND (o.client_id IS NULL OR o.client_id = p.client_id)) AS opted_out_at`,
  };
}

const ALL_DAY: QuietHours = { start: '00:00', end: '24:00', states: [] };

/** What the checks read for a run: the run's clock and the organization's quiet hours, and windows per minute. */
export class SendTimeContext {
  private windows = new Map<string, WindowState>();
  private windowsMinute = -1;

  constructor(
    readonly clock: () => Date,
    readonly quietHours: QuietHours,
  ) {}

  /**
   * Loads the organization's quiet hours (organizations.settings) once for a dispatch run; with quiet hours off
   * (SEND_QUIET_HOURS, test runs only) the window is the whole day.
   */
  static async load(
    tx: Tx,
    organizationId: number,
    o: { clock: () => Date; quietHours: 'on' | 'off' },
  ): Promise<SendTimeContext> {
    if (o.quietHours === 'off') return new SendTimeContext(o.clock, ALL_DAY);
    return new SendTimeContext(o.clock, await loadQuietHours(tx, organizationId));
  }

  /**
   * An area code's window at `now`. Windows start and end on whole minutes, so one answer per area code serves a
   * whole minute: a batch of thousands of texts works out each of its few area codes once.
   */
  windowAt(now: Date, areaCode: string): WindowState {
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.windowsMinute) {
      this.windows.clear();
      this.windowsMinute = minute;
    }
    let state = this.windows.get(areaCode);
    if (!state)
      this.windows.set(areaCode, (state = sendingWindowAt(new Date(minute * 60_000), areaCode, this.quietHours)));
    return state;
  }
}

type Verdict =
  { kind: 'send' } | { kind: 'hold'; until: Date } | { kind: 'stop'; status: 'Rejected' | 'Expired'; message: string };

const SEND: Verdict = { kind: 'send' };
const date = (v: Date | string | null) => (v === null ? null : new Date(v));

function verdictOf(f: CheckedText, now: Date, context: SendTimeContext): Verdict {
  if (f.auto_reply) return SEND;
  if (f.do_not_contact) return { kind: 'stop', status: 'Rejected', message: sendTimeMessages.doNotContact };
  const optedOut = date(f.opted_out_at);
  if (optedOut) return { kind: 'stop', status: 'Rejected', message: sendTimeMessages.optedOut(optedOut) };
  if (f.text_type === 'Test') return SEND;
  const end = date(f.end_at);
  if (end && end <= now) return { kind: 'stop', status: 'Expired', message: sendTimeMessages.projectEnded };
  const start = date(f.start_at);
  if (start && start > now) return { kind: 'hold', until: start };
  if (f.simulated) return SEND;
  const window = context.windowAt(now, f.area_code ?? '');
  if (window.open) return SEND;
  if (window.opensAt && (!end || window.opensAt < end)) return { kind: 'hold', until: window.opensAt };
  return { kind: 'stop', status: 'Expired', message: sendTimeMessages.windowAfterEnd };
}

/**
 * Checks claimed rows (locked, still Ready, with their facts) and returns those that may go now, and the projects
 * of those stopped (their counts moved, for the live overview). The others leave the claim in the same transaction: held ones wait in Ready with send_after at their window's opening or the project's start (the
 * claim's due test skips them until then, and the minute sweep's run for a sending project finds them again);
 * stopped ones become Rejected or Expired with their reason, their counts moved. One statement per distinct
 * outcome (a few: a reason, an opening time), never one per text.
 */
export async function applySendTimeChecks<T extends CheckedText>(
  tx: Tx,
  organizationId: number,
  rows: readonly T[],
  context: SendTimeContext,
): Promise<{ sendable: T[]; stoppedProjectIds: number[] }> {
  const stoppedProjectIds = new Set<number>();
  if (!rows.length) return { sendable: [], stoppedProjectIds: [] };
  const now = context.clock();
  const sendable: T[] = [];
  const held = new Map<string, T[]>();
  const stopped = new Map<string, { status: 'Rejected' | 'Expired'; message: string; rows: T[] }>();
  for (const row of rows) {
    const verdict = verdictOf(row, now, context);
    if (verdict.kind === 'send') sendable.push(row);
    else if (verdict.kind === 'hold') {
      const until = verdict.until.toISOString();
      const group = held.get(until);
      if (group) group.push(row);
      else held.set(until, [row]);
    } else {
      const key = `${verdict.status}|${verdict.message}`;
      const group = stopped.get(key) ?? { status: verdict.status, message: verdict.message, rows: [] };
      group.rows.push(row);
      stopped.set(key, group);
      if (row.project_id !== null) stoppedProjectIds.add(Number(row.project_id));
    }
  }
  for (const [until, group] of held) await setReady(tx, organizationId, group, sql`send_after = ${until}::timestamptz`);
  for (const { status, message, rows: group } of stopped.values()) {
    await setReady(tx, organizationId, group, sql`text_status = ${status}, error_message = ${message}`);
    await moveTextCounts(
      tx,
      organizationId,
      group.map((r) => ({
        createdAt: r.created_at,
        projectId: r.project_id === null ? null : Number(r.project_id),
        fromPhoneId: r.from_phone_id === null ? null : Number(r.from_phone_id),
        from: 'Ready' as const,
        to: status,
        counted: isCountedText(r.text_type),
      })),
    );
  }
  return { sendable, stoppedProjectIds: [...stoppedProjectIds] };
}

/** One UPDATE of a group of the claim's Ready texts (by their key, as the claim marks them Queued). */
async function setReady(tx: Tx, organizationId: number, rows: readonly CheckedText[], set: ReturnType<typeof sql>) {
  const ids = bigintArray(rows.map((r) => Number(r.id)));
  const days = `{${[...new Set(rows.map((r) => r.created_at.toISOString()))].join(',')}}`;
  await tx.execute(sql`
    UPDATE texts SET ${set}, updated_at = now()
     WHERE organization_id = ${organizationId} AND id = ANY(${ids}) AND created_at = ANY(${days}::timestamptz[])
       AND text_status = 'Ready'`);
}
