import { retryWhileUnreachable } from '../../../platform/db/pool';
import { withTenant } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import { retireInactiveSenders } from './block-sender';
import { claimTexts, sendingProjects, type ClaimCursor } from './claim-texts';
import { finishProjects } from './finish-projects';
import { HandoverJournal } from './handover-journal';
import { InFlight } from './in-flight';
import { sweepRateWindows } from './rate-windows';
import { reconcileStaleClaims } from './reconcile';
import { recordOutcomes } from './record-outcomes';
import { sendBatch, type SendHooks, type TextOutcome } from './send-batch';
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

/** How long a lane waits for a retry about to fall due rather than end the run. */
const WAIT_FOR_RETRY_MS = 3000;
/** How long a run waits for the database to come back before it gives a claim up, as a share of the claim's grace. */
const WAIT_SHARE_OF_GRACE = 0.5;
/** Rounds of lanes a run may take (see dispatchOrganization): one more for each round that retired a sender. */
const MAX_ROUNDS = 3;

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));

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
  const scope = { organizationIds: [organizationId], userId: null };
  const inFlight = new InFlight(platform.config.SEND_CONCURRENCY);
  const journal = new HandoverJournal(platform, organizationId);
  // Past this share of the grace a claim may be settled by another worker's reconciliation: this run no longer
  // hands its texts over nor records them after that, so the two never act on one text.
  const patienceMs = platform.config.SEND_CLAIM_GRACE_SECONDS * 1000 * WAIT_SHARE_OF_GRACE;
  const waitForDatabase = (err: unknown) =>
    platform.logger.warn({ err, organizationId }, 'dispatch waits for the database to come back');
  let claimedCount = 0;
  const cursor: ClaimCursor = new Map();
  let nextRunAt: Date | null = null;
  // Read once a run: a change to the organization's quiet hours applies from the next run (a minute at most).
  const context = await withTenant(platform.database, scope, async (tx) => {
    // Projects released since the last run start sending here, before the lanes: each lane's claim would otherwise
    // start them itself, and every lane but the first would wait on the project's row for that first claim.
    await sendingProjects(tx, organizationId);
    return SendTimeContext.load(tx, organizationId, {
      clock: options.clock ?? (() => new Date()),
      quietHours: platform.config.SEND_QUIET_HOURS,
    });
  });

  // One lane failing (the database gone, a crash stand-in) ends the run: the others claim nothing more.
  let stopped = false;
  // Whether a lane of this round moved texts off a sender no longer active (or found some to move).
  let retired = false;
  // Lanes share the earliest retry to wait for. A time already past says nothing more (a lane is claiming its text)
  // and must not hide one still to come; and a lane that waited clears it only if no lane noted a retry meanwhile:
  // CI saw a lane clear the retry another lane had just noted, and the run end with that text Ready.
  let retriesNoted = 0;
  const noteRetry = (at: Date | null) => {
    if (!at) return;
    nextRunAt = nextRunAt && nextRunAt.getTime() > Date.now() ? earliest(nextRunAt, at) : at;
    retriesNoted++;
  };
  const record = async (outcomes: TextOutcome[], giveUpAt: number) => {
    const recorded = await retryWhileUnreachable(
      () => withTenant(platform.database, scope, (tx) => recordOutcomes(tx, platform, organizationId, outcomes)),
      { giveUpAt, onWait: waitForDatabase },
    );
    noteRetry(recorded.nextRetryAt);
    await publishSendingProgress(platform, organizationId, recorded.projectIds);
  };
  const lane = async () => {
    // The lane's last batch being recorded while it claims the next: its texts are sent (Queued until recorded, so
    // no claim takes them), and the lane sends again without waiting for that transaction. One at a time per lane.
    let recording: Promise<void> | null = null;
    const recorded = async () => {
      const pending = recording;
      recording = null;
      await pending;
    };
    try {
      while (!stopped) {
        const claim = await retryWhileUnreachable(
          () =>
            withTenant(platform.database, scope, async (tx) => {
              const claimed = await claimTexts(tx, organizationId, platform.config.SEND_BATCH_SIZE, cursor, context);
              await journal.claimed(tx, claimed.texts);
              return claimed;
            }),
          { giveUpAt: Date.now() + patienceMs, onWait: waitForDatabase },
        );
        const giveUpAt = Date.now() + patienceMs;
        const claimed = claim.texts;
        if (claim.stoppedProjectIds.length)
          await publishSendingProgress(platform, organizationId, claim.stoppedProjectIds);
        if (claim.inactiveSenderIds.length) {
          retired = true;
          await publishSendingProgress(
            platform,
            organizationId,
            await withTenant(platform.database, scope, (tx) =>
              retireInactiveSenders(tx, organizationId, claim.inactiveSenderIds),
            ),
          );
        }
        // A batch the send-time checks held or stopped entirely: the due texts go on after it (one transaction each).
        if (!claimed.length && claim.read) continue;
        // Nothing due: once the last batch is recorded, what it handed back (a release, a retry) is due or not.
        if (!claimed.length && recording) {
          await recorded();
          continue;
        }
        if (!claimed.length && cursor.size) {
          cursor.clear();
          continue;
        }
        if (!claimed.length) {
          const wait = nextRunAt ? nextRunAt.getTime() - Date.now() : Infinity;
          if (wait > WAIT_FOR_RETRY_MS) return;
          const noted = retriesNoted;
          await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 50)));
          if (retriesNoted === noted) nextRunAt = null;
          continue;
        }
        claimedCount += claimed.length;
        await publishSendingProgress(
          platform,
          organizationId,
          claimed.map((t) => t.projectId).filter((id): id is number => id !== null),
        );
        const outcomes = await sendBatch(
          platform,
          organizationId,
          claimed,
          { inFlight, journal, giveUpAt },
          options.hooks,
        );
        await recorded();
        recording = record(outcomes, giveUpAt);
        // Handled here so a failure stops the other lanes at once; awaiting it (recorded) rethrows it in this lane.
        recording.catch(() => {
          stopped = true;
        });
      }
    } catch (err) {
      // The batch before is recorded (or fails) before the run ends: nothing of this run is left writing after it.
      await recording?.catch(() => {});
      throw err;
    }
    await recorded();
  };
  // Texts a claim set aside on a sender no longer active are Ready on another one only once the move commits, and the
  // lanes' own claims race with that move: CI, under load, once saw a run end with 3 of 6 such texts moved and never
  // claimed. So a round that retired a sender is followed by another, from the start, which claims what the move
  // left Ready. A round that finds a sender still to retire moves its texts or pauses the project, so rounds end.
  for (let round = 0; round === 0 || (retired && !stopped && round < MAX_ROUNDS); round++) {
    retired = false;
    cursor.clear();
    // Every lane ends before the run does, a failed run too: the others stop at their next claim and hand back what
    // they hold, and a retry of the job must not start while they still do (CI on Citus saw a test read the texts
    // before three of them were handed back).
    const lanes = await Promise.allSettled(
      Array.from({ length: options.lanes ?? 4 }, () =>
        lane().catch((err: unknown) => {
          stopped = true;
          throw err;
        }),
      ),
    );
    const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
    if (failed) throw failed.reason;
  }

  // Every batch of the run is recorded: its journal has nothing left to tell.
  await journal.close(Date.now() + patienceMs);
  const completed = await finishProjects(platform, organizationId);
  await publishSendingProgress(platform, organizationId, completed);
  await sweepRateWindows(platform, organizationId);
  return { claimed: claimedCount, nextRunAt };
}
