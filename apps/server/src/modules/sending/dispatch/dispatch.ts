import { withTenant } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import { sendingProjects } from './claim-texts';
import { DispatchRun } from './dispatch-run';
import { finishProjects } from './finish-projects';
import { HandoverJournal } from './handover-journal';
import { InFlight } from './in-flight';
import { sweepRateWindows } from './rate-windows';
import { reconcileStaleClaims } from './reconcile';
import type { SendHooks } from './send-batch';
import { SendTimeContext } from './send-time-checks';
import { publishSendingProgress } from './sending-progress';

export interface DispatchOptions {
  hooks?: SendHooks;
  /** Batches claimed and sent at once (each a claim, its sends, then its record). */
  lanes?: number;
  /** The time the send-time checks (quiet hours, the project's schedule, due waits) are made at; tests fix it. */
  clock?: () => Date;
}

export interface DispatchResult {
  /** Texts claimed in this run. */
  claimed: number;
  /** When texts waiting for a retry fall due, for the next run; null when none wait. */
  nextRunAt: Date | null;
}

/** How long a run waits for the database to come back before it gives a claim up, as a share of the claim's grace. */
const WAIT_SHARE_OF_GRACE = 0.5;
/** Rounds of lanes a run may take (see dispatchOrganization): one more for each round that retired a sender. */
const MAX_ROUNDS = 3;

/**
 * Sends an organization's due texts until none is left (ARCHITECTURE §5). Each lane claims a batch in one
 * transaction (claimTexts), sends it (sendBatch) and records the outcomes in another (recordOutcomes) while it claims
 * and sends the next, so a text is claimed before it is sent and its provider id stored after: a crash in between
 * leaves it Queued for reconcileStaleClaims, which runs first, and the handover journal (handover-journal.ts) tells
 * it which of those texts were really handed to a provider. Pause takes effect at the next claim, a batch's time at
 * most. Several runs for one organization on several workers share the texts through SKIP LOCKED. While the database
 * is unreachable the run waits for it (half a claim's grace at most): a claimed text is neither lost nor doubled.
 */
export async function dispatchOrganization(
  platform: Platform,
  organizationId: number,
  options: DispatchOptions = {},
): Promise<DispatchResult> {
  await reconcileStaleClaims(platform, organizationId);
  const journal = new HandoverJournal(platform, organizationId);
  // Past this share of the grace a claim may be settled by another worker's reconciliation: this run no longer
  // hands its texts over nor records them after that, so the two never act on one text.
  const patienceMs = platform.config.SEND_CLAIM_GRACE_SECONDS * 1000 * WAIT_SHARE_OF_GRACE;
  const run = new DispatchRun({
    platform,
    organizationId,
    inFlight: new InFlight(platform.config.SEND_CONCURRENCY),
    journal,
    patienceMs,
    context: await startSending(platform, organizationId, options),
    hooks: options.hooks,
  });
  // Texts a claim set aside on a sender no longer active are Ready on another one only once the move commits, and the
  // lanes' own claims race with that move: CI, under load, once saw a run end with 3 of 6 such texts moved and never
  // claimed. So a round that retired a sender is followed by another, from the start, which claims what the move
  // left Ready. A round that finds a sender still to retire moves its texts or pauses the project, so rounds end.
  for (let round = 0; round === 0 || (run.retired && !run.stopped && round < MAX_ROUNDS); round++)
    await run.round(options.lanes ?? 4);

  // Every batch of the run is recorded: its journal has nothing left to tell.
  await journal.close(Date.now() + patienceMs);
  const completed = await finishProjects(platform, organizationId);
  await publishSendingProgress(platform, organizationId, completed);
  await sweepRateWindows(platform, organizationId);
  return { claimed: run.claimed, nextRunAt: run.nextRunAt };
}

/**
 * Starts the projects released since the last run, before the lanes (each lane's claim would otherwise start them
 * itself, and every lane but the first would wait on the project's row for that first claim), and reads what the
 * send-time checks need, once a run: a change to the organization's quiet hours applies from the next run (a minute
 * at most).
 */
function startSending(platform: Platform, organizationId: number, options: DispatchOptions): Promise<SendTimeContext> {
  return withTenant(platform.database, { organizationIds: [organizationId], userId: null }, async (tx) => {
    await sendingProjects(tx, organizationId);
    return SendTimeContext.load(tx, organizationId, {
      clock: options.clock ?? (() => new Date()),
      quietHours: platform.config.SEND_QUIET_HOURS,
    });
  });
}
