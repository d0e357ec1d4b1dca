import { retryWhileUnreachable } from '../../../platform/db/pool';
import { withTenant, type TenantScope } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import { retireInactiveSenders } from './block-sender';
import { claimTexts, type Claim, type ClaimCursor } from './claim-texts';
import type { HandoverJournal } from './handover-journal';
import type { InFlight } from './in-flight';
import { recordOutcomes } from './record-outcomes';
import { sendBatch, type SendHooks, type TextOutcome } from './send-batch';
import type { SendTimeContext } from './send-time-checks';
import { publishSendingProgress } from './sending-progress';

/** How long a lane waits for a retry about to fall due rather than end the run. */
const WAIT_FOR_RETRY_MS = 3000;

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));

/**
 * A lane's last batch being recorded while it claims the next: its texts are sent (Queued until recorded, so no
 * claim takes them), and the lane sends again without waiting for that transaction. One at a time per lane.
 */
class Recording {
  pending: Promise<void> | null = null;

  /** Waits for the batch being recorded, rethrowing its failure. */
  async done(): Promise<void> {
    const pending = this.pending;
    this.pending = null;
    await pending;
  }
}

export interface DispatchRunSetup {
  platform: Platform;
  organizationId: number;
  inFlight: InFlight;
  journal: HandoverJournal;
  /** How long a claim's texts may wait for the database before the run gives them up (see dispatchOrganization). */
  patienceMs: number;
  context: SendTimeContext;
  hooks?: SendHooks;
}

/**
 * One dispatch run's lanes and what they share (dispatchOrganization): the claim cursor, the texts claimed, the
 * earliest retry, and whether a lane failed (the others stop) or retired a sender (another round follows). Each
 * lane claims a batch, sends it, and records it while it claims the next.
 */
export class DispatchRun {
  private readonly scope: TenantScope;
  private readonly cursor: ClaimCursor = new Map();
  claimed = 0;
  nextRunAt: Date | null = null;
  /** One lane failing (the database gone, a crash stand-in) ends the run: the others claim nothing more. */
  stopped = false;
  /** Whether a lane of this round moved texts off a sender no longer active (or found some to move). */
  retired = false;
  /**
   * Lanes share the earliest retry to wait for. A time already past says nothing more (a lane is claiming its text)
   * and must not hide one still to come; and a lane that waited clears it only if no lane noted a retry meanwhile: CI
   * saw a lane clear the retry another lane had just noted, and the run end with that text Ready.
   */
  private retriesNoted = 0;

  constructor(private readonly setup: DispatchRunSetup) {
    this.scope = { organizationIds: [setup.organizationId], userId: null };
  }

  /** A round of lanes from the cursor's start: every lane ends before it does, a failed round too. */
  async round(lanes: number): Promise<void> {
    this.retired = false;
    this.cursor.clear();
    // The others stop at their next claim and hand back what they hold, and a retry of the job must not start while
    // they still do (CI on Citus saw a test read the texts before three of them were handed back).
    const settled = await Promise.allSettled(
      Array.from({ length: lanes }, () =>
        this.lane().catch((err: unknown) => {
          this.stopped = true;
          throw err;
        }),
      ),
    );
    const failed = settled.find((l): l is PromiseRejectedResult => l.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Claims, sends and records batches until nothing is due, the run stops, or a lane fails. */
  private async lane(): Promise<void> {
    const recording = new Recording();
    try {
      while (!this.stopped) {
        const claim = await this.claimBatch();
        const giveUpAt = Date.now() + this.setup.patienceMs;
        await this.reportClaim(claim);
        if (claim.texts.length) await this.sendClaimed(claim.texts, giveUpAt, recording);
        else if ((await this.whenNoneClaimed(claim, recording)) === 'end') return;
      }
    } catch (err) {
      // The batch before is recorded (or fails) before the run ends: nothing of this run is left writing after it.
      await recording.pending?.catch(() => {});
      throw err;
    }
    await recording.done();
  }

  /** One batch claimed in its own transaction, and noted in the handover journal; waits while the database is away. */
  private claimBatch(): Promise<Claim> {
    const { platform, organizationId, journal, context } = this.setup;
    return retryWhileUnreachable(
      () =>
        withTenant(platform.database, this.scope, async (tx) => {
          const claimed = await claimTexts(tx, organizationId, platform.config.SEND_BATCH_SIZE, this.cursor, context);
          await journal.claimed(tx, claimed.texts);
          return claimed;
        }),
      { giveUpAt: Date.now() + this.setup.patienceMs, onWait: this.waitForDatabase },
    );
  }

  /** What a claim found besides its texts: projects it stopped, and senders no longer active to move texts off. */
  private async reportClaim(claim: Claim): Promise<void> {
    const { platform, organizationId } = this.setup;
    if (claim.stoppedProjectIds.length) await publishSendingProgress(platform, organizationId, claim.stoppedProjectIds);
    if (!claim.inactiveSenderIds.length) return;
    this.retired = true;
    await publishSendingProgress(
      platform,
      organizationId,
      await withTenant(platform.database, this.scope, (tx) =>
        retireInactiveSenders(tx, organizationId, claim.inactiveSenderIds),
      ),
    );
  }

  /** Sends a claimed batch, then records it while the lane claims the next (once the batch before is recorded). */
  private async sendClaimed(texts: Claim['texts'], giveUpAt: number, recording: Recording): Promise<void> {
    const { platform, organizationId, inFlight, journal } = this.setup;
    this.claimed += texts.length;
    await publishSendingProgress(
      platform,
      organizationId,
      texts.map((t) => t.projectId).filter((id): id is number => id !== null),
    );
    const outcomes = await sendBatch(
      platform,
      organizationId,
      texts,
      { inFlight, journal, giveUpAt },
      this.setup.hooks,
    );
    await recording.done();
    recording.pending = this.record(outcomes, giveUpAt);
    // Handled here so a failure stops the other lanes at once; awaiting it (done) rethrows it in this lane.
    recording.pending.catch(() => {
      this.stopped = true;
    });
  }

  /** A claim with no texts: whether the lane goes on (something may yet be due) or ends. */
  private async whenNoneClaimed(claim: Claim, recording: Recording): Promise<'go on' | 'end'> {
    // A batch the send-time checks held or stopped entirely: the due texts go on after it (one transaction each).
    if (claim.read) return 'go on';
    // Nothing due: once the last batch is recorded, what it handed back (a release, a retry) is due or not.
    if (recording.pending) {
      await recording.done();
      return 'go on';
    }
    if (this.cursor.size) {
      this.cursor.clear();
      return 'go on';
    }
    const wait = this.nextRunAt ? this.nextRunAt.getTime() - Date.now() : Infinity;
    if (wait > WAIT_FOR_RETRY_MS) return 'end';
    const noted = this.retriesNoted;
    await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 50)));
    if (this.retriesNoted === noted) this.nextRunAt = null;
    return 'go on';
  }

  /** Records a sent batch's outcomes in a transaction of its own; waits while the database is away. */
  private async record(outcomes: TextOutcome[], giveUpAt: number): Promise<void> {
    const { platform, organizationId } = this.setup;
    const recorded = await retryWhileUnreachable(
      () => withTenant(platform.database, this.scope, (tx) => recordOutcomes(tx, platform, organizationId, outcomes)),
      { giveUpAt, onWait: this.waitForDatabase },
    );
    this.noteRetry(recorded.nextRetryAt);
    await publishSendingProgress(platform, organizationId, recorded.projectIds);
  }

  private noteRetry(at: Date | null): void {
    if (!at) return;
    this.nextRunAt = this.nextRunAt && this.nextRunAt.getTime() > Date.now() ? earliest(this.nextRunAt, at) : at;
    this.retriesNoted++;
  }

  private readonly waitForDatabase = (err: unknown) =>
    this.setup.platform.logger.warn(
      { err, organizationId: this.setup.organizationId },
      'dispatch waits for the database to come back',
    );
}
