import { sql } from 'drizzle-orm';
import { withTenant, type Tx } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';

/**
 * One shaped rate: a scope ('brand:12', 'phone:34', 'day:phone:34') and the segments it allows per window, a second
 * of the database clock (throughput) or a calendar day in a time zone (a daily cap, the organization's day).
 */
export type Rate = { scope: string; limit: number } & ({ per: 'second' } | { per: 'day'; timeZone: string });

/** A window a grant was taken from, to give back what is not used. */
export interface Taken {
  scope: string;
  windowStart: Date;
}

export interface Grant {
  /** Segments granted in this window. */
  segments: number;
  /** When the window of the rate that granted least ends (ms since the epoch, database clock): ask again from then. */
  windowEndsMs: number;
  /** The rate that granted less than was asked, or null when all was granted. */
  limitedBy: Rate | null;
  taken: Taken[];
}

// A window's bounds in the rate's own clock: a second (in UTC, as every second is) or a day in its time zone. Only
// immutable functions over a column, so Citus can push the statement to the shard as it is.
const zoneOf = (rate: Rate) => (rate.per === 'day' ? rate.timeZone : 'UTC');
const windowStartSql = (rate: Rate) =>
  sql`date_trunc(${rate.per}, clock_timestamp() AT TIME ZONE ${zoneOf(rate)}) AT TIME ZONE ${zoneOf(rate)}`;
const windowEndSql = (rate: Rate) =>
  sql`((w.window_start AT TIME ZONE ${zoneOf(rate)}) + ${`1 ${rate.per}`}::interval) AT TIME ZONE ${zoneOf(rate)}`;

/**
 * Takes up to `want` segments of the current window of each rate, shared with every worker through
 * send_rate_windows: each take is one atomic upsert under the row's lock (last_grant is what that upsert added),
 * so two workers together never pass a rate. When a later rate grants less than an earlier one, the earlier
 * gets the difference back. The database's clock decides the window, the same for every worker.
 */
export async function takeRates(
  platform: Platform,
  organizationId: number,
  rates: readonly Rate[],
  want: number,
): Promise<Grant> {
  return withTenant(platform.database, { organizationIds: [organizationId], userId: null }, async (tx) => {
    let granted = want;
    let windowEndsMs = Date.now() + 1000;
    let limitedBy: Rate | null = null;
    const taken: (Taken & { segments: number })[] = [];
    for (const rate of rates) {
      if (granted <= 0) break;
      const { rows } = await tx.execute<{ last_grant: number; window_start: Date; window_end: Date }>(sql`
        INSERT INTO send_rate_windows AS w (organization_id, scope, window_start, used, last_grant)
        VALUES (${organizationId}, ${rate.scope}, ${windowStartSql(rate)},
                least(${granted}::int, ${rate.limit}::int), least(${granted}::int, ${rate.limit}::int))
        ON CONFLICT (organization_id, scope, window_start) DO UPDATE
           SET used = greatest(w.used, least(${rate.limit}::int, w.used + ${granted}::int)),
               last_grant = greatest(w.used, least(${rate.limit}::int, w.used + ${granted}::int)) - w.used
        RETURNING w.last_grant, w.window_start, ${windowEndSql(rate)} AS window_end`);
      const [row] = rows;
      if (row.last_grant < granted || taken.length === 0) windowEndsMs = new Date(row.window_end).getTime();
      if (row.last_grant < granted) limitedBy = rate;
      granted = row.last_grant;
      taken.push({ scope: rate.scope, windowStart: new Date(row.window_start), segments: row.last_grant });
    }
    for (const t of taken) {
      const surplus = t.segments - granted;
      if (surplus > 0) await giveBack(tx, organizationId, t, surplus);
    }
    return { segments: granted, windowEndsMs, limitedBy, taken };
  });
}

async function giveBack(tx: Tx, organizationId: number, window: Taken, segments: number) {
  await tx.execute(sql`
    UPDATE send_rate_windows SET used = greatest(0, used - ${segments}::int)
     WHERE organization_id = ${organizationId} AND scope = ${window.scope}
       AND window_start = ${window.windowStart.toISOString()}`);
}

/** Returns segments granted but not used (a text that did not fit), so other workers may use them in the window. */
export async function returnUnused(
  platform: Platform,
  organizationId: number,
  grant: Grant,
  segments: number,
): Promise<void> {
  if (segments <= 0 || !grant.taken.length) return;
  await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, async (tx) => {
    for (const window of grant.taken) await giveBack(tx, organizationId, window, segments);
  });
}

/**
 * Counts segments sent beyond a grant in its day windows: a text longer than a whole second's rate goes alone on
 * that second's grant (send-batch), yet every segment of it counts toward the number's daily cap.
 */
export async function chargeDays(
  platform: Platform,
  organizationId: number,
  grant: Grant,
  rates: readonly Rate[],
  segments: number,
): Promise<void> {
  const days = new Set(rates.filter((r) => r.per === 'day').map((r) => r.scope));
  const windows = grant.taken.filter((t) => days.has(t.scope));
  if (segments <= 0 || !windows.length) return;
  await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, async (tx) => {
    for (const window of windows)
      await tx.execute(sql`
        UPDATE send_rate_windows SET used = used + ${segments}::int
         WHERE organization_id = ${organizationId} AND scope = ${window.scope}
           AND window_start = ${window.windowStart.toISOString()}`);
  });
}

/**
 * Drops an organization's windows that shape nothing any more: a second's after a minute, a day's (scope 'day:…')
 * after two days, so the cap's count lives the whole day whatever the time zone.
 */
export async function sweepRateWindows(platform: Platform, organizationId: number): Promise<void> {
  await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, (tx) =>
    tx.execute(sql`
      DELETE FROM send_rate_windows
       WHERE organization_id = ${organizationId}
         AND window_start < now() - CASE WHEN scope LIKE 'day:%' THEN interval '2 days' ELSE interval '1 minute' END`),
  );
}
