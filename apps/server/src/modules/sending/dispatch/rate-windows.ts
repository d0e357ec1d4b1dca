import { sql } from 'drizzle-orm';
import { withTenant, type Tx } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';

/** One shaped rate: a scope ('brand:12', 'phone:34') and its segments per second. */
export interface Rate {
  scope: string;
  perSecond: number;
}

export interface Grant {
  /** Segments granted in this second. */
  segments: number;
  /** When the second the grant belongs to ends (ms since the epoch, database clock): ask again from then. */
  windowEndsMs: number;
}

/**
 * Takes up to `want` segments of the current second of each rate, shared with every worker through
 * send_rate_windows: each take is one atomic upsert under the row's lock (last_grant is what that upsert added),
 * so two workers together never pass a rate. When a later rate grants less than an earlier one, the earlier
 * gets the difference back. The database's clock decides the second, the same for every worker.
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
    const taken: { scope: string; window: Date; segments: number }[] = [];
    for (const rate of rates) {
      if (granted <= 0) break;
      const { rows } = await tx.execute<{ last_grant: number; window_start: Date }>(sql`
        INSERT INTO send_rate_windows AS w (organization_id, scope, window_start, used, last_grant)
        VALUES (${organizationId}, ${rate.scope}, date_trunc('second', clock_timestamp()),
                least(${granted}::int, ${rate.perSecond}::int), least(${granted}::int, ${rate.perSecond}::int))
        ON CONFLICT (organization_id, scope, window_start) DO UPDATE
           SET used = greatest(w.used, least(${rate.perSecond}::int, w.used + ${granted}::int)),
               last_grant = greatest(w.used, least(${rate.perSecond}::int, w.used + ${granted}::int)) - w.used
        RETURNING last_grant, window_start`);
      const [row] = rows;
      granted = row.last_grant;
      windowEndsMs = new Date(row.window_start).getTime() + 1000;
      taken.push({ scope: rate.scope, window: new Date(row.window_start), segments: row.last_grant });
    }
    for (const t of taken) {
      const surplus = t.segments - granted;
      if (surplus > 0) await giveBack(tx, organizationId, t.scope, t.window, surplus);
    }
    return { segments: granted, windowEndsMs };
  });
}

async function giveBack(tx: Tx, organizationId: number, scope: string, window: Date, segments: number) {
  await tx.execute(sql`
    UPDATE send_rate_windows SET used = greatest(0, used - ${segments}::int)
     WHERE organization_id = ${organizationId} AND scope = ${scope} AND window_start = ${window.toISOString()}`);
}

/** Returns segments granted but not used (a text that did not fit), so other workers may use them this second. */
export async function returnUnused(
  platform: Platform,
  organizationId: number,
  rates: readonly Rate[],
  windowEndsMs: number,
  segments: number,
): Promise<void> {
  if (segments <= 0 || !rates.length) return;
  await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, async (tx) => {
    for (const rate of rates) await giveBack(tx, organizationId, rate.scope, new Date(windowEndsMs - 1000), segments);
  });
}

/** Drops an organization's windows older than a minute: they shape nothing any more. */
export async function sweepRateWindows(platform: Platform, organizationId: number): Promise<void> {
  await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, (tx) =>
    tx.execute(sql`
      DELETE FROM send_rate_windows
       WHERE organization_id = ${organizationId} AND window_start < now() - interval '1 minute'`),
  );
}
