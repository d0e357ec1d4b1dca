import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildOrganization } from '../../../../test/factories';
import { gql, type TestApp } from '../../../../test/harness';
import type { TwilioMock } from '../../../../test/mocks/twilio-mock';
import { textRefFromUrl } from '../providers/text-ref-codec';
import { dispatchOrganization } from './dispatch';
import { allSendersBlockedReason, blockSenders, noActiveSenderReason } from './block-sender';
import { withTenant } from '../../../platform/db/tenant';
import { releasedSenderMessage } from '../resolve-provider';
import { unknownOutcomeMessage } from './reconcile';
import {
  brandWithCampaign,
  countsByStatus,
  loadedBlast,
  sendsPerProvider,
  textsByStatus,
  twilioAccount,
  twilioTestApp,
} from '../../../../test/blasts';

let app: TestApp;
let twilio: TwilioMock;

const twilioSettings = twilioAccount('dispatch-token');

beforeAll(async () => {
  ({ app, twilio } = await twilioTestApp(twilioSettings, {
    SEND_RETRY_BASE_MS: '20',
    SEND_CONCURRENCY: '2',
    // Small batches, so two workers (and a worker's lanes) each claim part of a project, as with a large one.
    SEND_BATCH_SIZE: '3',
  }));
}, 60_000);

afterAll(() => twilio.close());

/** How many times the Twilio mock was asked to send each of our texts (by the ref in its status callback). */
function sendsPerText(): Map<number, number> {
  const seen = new Map<number, number>();
  for (const m of twilio.messages) {
    const ref = textRefFromUrl(m.status_callback!);
    if (ref) seen.set(ref.textId, (seen.get(ref.textId) ?? 0) + 1);
  }
  return seen;
}

/** A fresh organization's loaded Blast through the Twilio mock, the mock's messages cleared. */
async function twilioBlast(name: string, recipients: number, senders?: string[]) {
  twilio.messages.length = 0;
  const org = await buildOrganization(app, name);
  return {
    org,
    blast: await loadedBlast(app, org, { recipients, provider: 'Twilio', settings: twilioSettings, senders }),
  };
}

const texts = async (orgId: number, projectId: number) =>
  (
    await app.sql(
      `SELECT id, text_status, provider_message_id, error_message, from_phone_id, sent_at FROM texts
        WHERE organization_id = $1 AND project_id = $2 ORDER BY id`,
      [orgId, projectId],
    )
  ).rows as {
    id: string;
    text_status: string;
    provider_message_id: string | null;
    error_message: string | null;
    from_phone_id: string;
    sent_at: Date | null;
  }[];

const projectRow = async (orgId: number, projectId: number) =>
  (
    await app.sql(
      `SELECT project_status, is_paused, pause_reason FROM projects WHERE organization_id = $1 AND id = $2`,
      [orgId, projectId],
    )
  ).rows[0] as { project_status: string; is_paused: boolean; pause_reason: string | null };

describe('dispatch through Twilio', () => {
  it('sends every text of a released Blast once, stores the message ids and completes the project', async () => {
    const { org, blast } = await twilioBlast('Dispatch once', 7);

    const result = await dispatchOrganization(app.platform, org.id);

    expect(result.claimed).toBe(7);
    const sent = sendsPerText();
    expect(blast.textIds.map((id) => sent.get(id))).toEqual(Array(7).fill(1));
    const rows = await texts(org.id, blast.projectId);
    expect(rows.map((r) => r.text_status)).toEqual(Array(7).fill('Sending'));
    expect(new Set(rows.map((r) => r.provider_message_id))).toEqual(new Set(twilio.messages.map((m) => m.sid)));
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);
    expect(twilio.messages.map((m) => m.body).sort()[0]).toBe('Hi P1, polls close at 8');
    expect((await projectRow(org.id, blast.projectId)).project_status).toBe('Complete');
    expect(await countsByStatus(app, org.id, blast.projectId)).toEqual({ Sending: 7 });
    expect(await sendsPerProvider(app, org.id, blast.projectId)).toEqual({ Twilio: 7 });

    // A second run finds nothing to send.
    expect((await dispatchOrganization(app.platform, org.id)).claimed).toBe(0);
    expect(twilio.messages).toHaveLength(7);
  });

  it('after a crash mid-dispatch, reconciles: the mock saw every text exactly once', async () => {
    const { org, blast } = await twilioBlast('Dispatch crash', 9);

    // The worker dies after four sends reached Twilio: none of them recorded, the rest never sent.
    let sends = 0;
    await expect(
      dispatchOrganization(app.platform, org.id, {
        hooks: {
          beforeSend() {
            if (sends >= 4) throw new Error('worker killed');
            sends++;
          },
        },
      }),
    ).rejects.toThrow('worker killed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(twilio.messages).toHaveLength(4);
    // What was claimed and not recorded is left Queued: sent or not, nobody knows yet (the other lanes handed back
    // what they had not sent when the run stopped).
    const queued = (await textsByStatus(app, org.id, blast.projectId)).Queued;
    expect(queued).toBeGreaterThanOrEqual(1);

    // Within the grace the claims are left alone: their worker may still be alive.
    await dispatchOrganization(app.platform, org.id);
    expect((await textsByStatus(app, org.id, blast.projectId)).Queued).toBe(queued);
    expect([...sendsPerText().values()].filter((n) => n > 1)).toEqual([]);

    // Past the grace, the restarted worker asks Twilio what it got, and sends only the rest.
    await app.sql(
      `UPDATE texts SET claimed_at = now() - interval '1 hour' WHERE organization_id = $1 AND text_status = 'Queued'`,
      [org.id],
    );
    await dispatchOrganization(app.platform, org.id);

    const sent = sendsPerText();
    expect(blast.textIds.map((id) => sent.get(id))).toEqual(Array(9).fill(1));
    const rows = await texts(org.id, blast.projectId);
    expect(rows.map((r) => r.text_status)).toEqual(Array(9).fill('Sending'));
    expect(new Set(rows.map((r) => r.provider_message_id))).toEqual(new Set(twilio.messages.map((m) => m.sid)));
    expect(await countsByStatus(app, org.id, blast.projectId)).toEqual({ Sending: 9 });
    // The four found at Twilio by the reconciliation count once in the pace, as the five sent after it do.
    expect(await sendsPerProvider(app, org.id, blast.projectId)).toEqual({ Twilio: 9 });
  });

  it('rides out a provider outage: 5xx and 429 answers are retried, nothing lost and nothing doubled', async () => {
    const { org, blast } = await twilioBlast('Dispatch outage', 5);
    twilio.replyNext(twilio.twilioError(503, 20500, 'Service unavailable'));
    twilio.replyNext(twilio.twilioError(500, 20500, 'Internal error'));
    twilio.replyNext(twilio.twilioError(429, 20429, 'Too many requests'));

    await dispatchOrganization(app.platform, org.id);

    const sent = sendsPerText();
    expect(blast.textIds.map((id) => sent.get(id))).toEqual(Array(5).fill(1));
    expect((await texts(org.id, blast.projectId)).map((r) => r.text_status)).toEqual(Array(5).fill('Sending'));
    expect((await projectRow(org.id, blast.projectId)).project_status).toBe('Complete');
    // Refused answers are not sends: the pace counts each text once, when Twilio took it.
    expect(await sendsPerProvider(app, org.id, blast.projectId)).toEqual({ Twilio: 5 });
  });

  it('maps a permanent refusal to its status and words, and sends nothing twice', async () => {
    const { org, blast } = await twilioBlast('Dispatch refused', 2);
    twilio.replyNext(twilio.twilioError(400, 21211, "The 'To' number is not a valid phone number."));

    await dispatchOrganization(app.platform, org.id);

    const rows = await texts(org.id, blast.projectId);
    const refused = rows.find((r) => r.text_status !== 'Sending')!;
    expect(refused.text_status).toBe('NumberFormat');
    expect(refused.error_message).toMatch(/number/i);
    expect(twilio.messages).toHaveLength(1);
    expect(await countsByStatus(app, org.id, blast.projectId)).toEqual({ NumberFormat: 1, Sending: 1 });
  });

  it('sends nothing from a sender number no longer active: its texts go out from the other one', async () => {
    const { org, blast } = await twilioBlast('Dispatch released sender', 6, ['3125559201', '3125559202']);
    const [released, other] = blast.senderIds;
    await app.sql(`UPDATE phones SET phone_status = 'Released' WHERE organization_id = $1 AND id = $2`, [
      org.id,
      released,
    ]);

    await dispatchOrganization(app.platform, org.id);

    expect(twilio.messages.map((m) => m.from)).toEqual(Array(6).fill('+13125559202'));
    const rows = await texts(org.id, blast.projectId);
    expect(rows.every((r) => r.text_status === 'Sending' && Number(r.from_phone_id) === other)).toBe(true);
    expect(await countsByStatus(app, org.id, blast.projectId)).toEqual({ Sending: 6 });
    expect((await projectRow(org.id, blast.projectId)).project_status).toBe('Complete');
  });

  it('pauses a project whose every sender number left service, saying why, and sends nothing', async () => {
    const { org, blast } = await twilioBlast('Dispatch burned senders', 2);
    await app.sql(`UPDATE phones SET phone_status = 'Burned' WHERE organization_id = $1 AND id = ANY($2)`, [
      org.id,
      blast.senderIds,
    ]);

    await dispatchOrganization(app.platform, org.id);

    expect(twilio.messages).toHaveLength(0);
    expect(await projectRow(org.id, blast.projectId)).toMatchObject({
      project_status: 'Sending',
      is_paused: true,
      pause_reason: noActiveSenderReason,
    });
    expect(await textsByStatus(app, org.id, blast.projectId)).toEqual({ Ready: 2 });
  });

  it('says why on a single text whose released sender cannot send it', async () => {
    const { org, blast } = await twilioBlast('Dispatch released single text', 1);
    await app.sql(`UPDATE phones SET phone_status = 'Released' WHERE organization_id = $1 AND id = ANY($2)`, [
      org.id,
      blast.senderIds,
    ]);
    // A text marked to send by itself ('Save and send') goes even while its project is paused.
    await app.sql(`UPDATE projects SET is_paused = true WHERE id = $1`, [blast.projectId]);
    await app.sql(`UPDATE texts SET is_send_text = true WHERE organization_id = $1 AND project_id = $2`, [
      org.id,
      blast.projectId,
    ]);

    await dispatchOrganization(app.platform, org.id);

    const rows = await texts(org.id, blast.projectId);
    expect(rows.map((r) => [r.text_status, r.error_message])).toEqual([['Error', releasedSenderMessage]]);
    expect(twilio.messages).toHaveLength(0);
  });

  it('marks a sender the carrier blocked as spam Blocked, and its text Spam', async () => {
    const { org, blast } = await twilioBlast('Dispatch blocked', 3);
    twilio.replyNext(twilio.twilioError(400, 30007, 'Message filtered as spam'));

    await dispatchOrganization(app.platform, org.id);

    const phone = await app.sql(`SELECT phone_status FROM phones WHERE id = $1`, [blast.senderIds[0]]);
    expect(phone.rows[0].phone_status).toBe('Blocked');
    const rows = await texts(org.id, blast.projectId);
    expect(rows.filter((r) => r.text_status === 'Spam')).toHaveLength(1);
    expect(rows.find((r) => r.text_status === 'Spam')!.error_message).toMatch(/spam/i);
  });
});

describe('a blocked sender', () => {
  it('hands its Ready texts to the other active sender, then pauses the project when none is left', async () => {
    const { org, blast } = await twilioBlast('Blocked senders', 6, ['3125559101', '3125559102']);
    const [first, second] = blast.senderIds;
    await app.sql(`UPDATE projects SET project_status = 'Sending' WHERE id = $1`, [blast.projectId]);
    const block = (phoneId: number) =>
      withTenant(app.platform.database, { organizationIds: [org.id], userId: null }, (tx) =>
        blockSenders(tx, org.id, [phoneId]),
      );
    const bySender = async () =>
      (
        await app.sql(
          `SELECT from_phone_id, sum(count)::int AS n FROM project_text_counts
            WHERE project_id = $1 AND text_status = 'Ready' GROUP BY 1 HAVING sum(count) <> 0`,
          [blast.projectId],
        )
      ).rows.map((r: { from_phone_id: string; n: number }) => [Number(r.from_phone_id), r.n]);

    expect(await block(first)).toEqual([blast.projectId]);
    expect((await texts(org.id, blast.projectId)).every((r) => Number(r.from_phone_id) === second)).toBe(true);
    expect(await bySender()).toEqual([[second, 6]]);
    expect((await projectRow(org.id, blast.projectId)).is_paused).toBe(false);

    await block(second);
    expect(await projectRow(org.id, blast.projectId)).toMatchObject({
      project_status: 'Sending',
      is_paused: true,
      pause_reason: allSendersBlockedReason,
    });
    expect(await textsByStatus(app, org.id, blast.projectId)).toEqual({ Ready: 6 });
  });
});

/** A Twilio brand of `throughput` segments a second, its campaign holding the sender number. */
const slowBrand = (orgId: number, phoneId: number, throughput: number) =>
  brandWithCampaign(app, orgId, [phoneId], { throughput });

const PAUSE = `mutation($projectId: ID!, $isPaused: Boolean!) {
  setProjectPaused(projectId: $projectId, isPaused: $isPaused) { message errors { field messages } }
}`;

describe('pause and resume', () => {
  it('holds the texts not yet sent within a second of Pause, and Resume sends the rest once', async () => {
    const { org, blast } = await twilioBlast('Dispatch paused', 12);
    await slowBrand(org.id, blast.senderIds[0], 2);
    const token = await org.tokenFor('Admin');

    const running = dispatchOrganization(app.platform, org.id);
    await vi.waitFor(() => expect(twilio.messages.length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    const paused = await gql(app, PAUSE, { projectId: blast.projectId, isPaused: true }, { token });
    expect(paused.data?.setProjectPaused.message).toBe('The project is being paused/resumed');
    const sentAtPause = twilio.messages.length;
    await running;

    // At most one more second of the rate went out after the pause; the rest wait, Ready.
    expect(twilio.messages.length).toBeLessThanOrEqual(sentAtPause + 2);
    expect((await textsByStatus(app, org.id, blast.projectId)).Ready).toBe(12 - twilio.messages.length);
    expect((await dispatchOrganization(app.platform, org.id)).claimed).toBe(0);

    const resumed = await gql(app, PAUSE, { projectId: blast.projectId, isPaused: false }, { token });
    expect(resumed.data?.setProjectPaused.errors).toEqual([]);
    const { rows: jobs } = await app.sql(
      `SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'dispatchTexts'`,
    );
    expect(jobs.map((j: { key: string }) => j.key)).toContain(`dispatch:${org.id}`);
    await app.sql(`UPDATE brands SET throughput = 100 WHERE organization_id = $1`, [org.id]);
    await dispatchOrganization(app.platform, org.id);
    const sent = sendsPerText();
    expect(blast.textIds.map((id) => sent.get(id))).toEqual(Array(12).fill(1));
  }, 30_000);
});

describe('MMS', () => {
  it('sends the media URL, and refuses media larger than the provider takes as MediaSize before any request', async () => {
    const { org, blast } = await twilioBlast('Dispatch MMS', 2);
    const media = 'https://canvass.example/api/media/poster.jpg';
    await app.sql(`UPDATE projects SET media_url = $2, media_size = $3 WHERE organization_id = $1`, [
      org.id,
      media,
      200_000,
    ]);
    await app.sql(`UPDATE texts SET messaging_service_type = 'MMS' WHERE organization_id = $1 AND id = $2`, [
      org.id,
      blast.textIds[0],
    ]);
    await dispatchOrganization(app.platform, org.id);
    expect(twilio.messages.find((m) => m.media.length)?.media).toEqual([media]);

    const big = await buildOrganization(app, 'Dispatch big MMS');
    const bigBlast = await loadedBlast(app, big, { recipients: 1, provider: 'Twilio', settings: twilioSettings });
    await app.sql(`UPDATE projects SET media_url = $2, media_size = $3 WHERE organization_id = $1`, [
      big.id,
      media,
      9 * 1024 * 1024,
    ]);
    await app.sql(`UPDATE texts SET messaging_service_type = 'MMS' WHERE organization_id = $1`, [big.id]);
    const before = twilio.messages.length;
    await dispatchOrganization(app.platform, big.id);
    const [row] = await texts(big.id, bigBlast.projectId);
    expect(row.text_status).toBe('MediaSize');
    expect(row.error_message).toBe('The media is 9.0 MB; Twilio accepts at most 5.0 MB');
    expect(twilio.messages.length).toBe(before);
  });
});

describe('throughput shaping', () => {
  it("keeps two workers together within the brand's rate", async () => {
    const { org, blast } = await twilioBlast('Dispatch shaped', 12);
    const brandId = await slowBrand(org.id, blast.senderIds[0], 4);
    const before = twilio.messages.length;
    const firstRequest = Date.now();

    // Two workers at once, as two processes would run: they share the rate through the database.
    await Promise.all([dispatchOrganization(app.platform, org.id), dispatchOrganization(app.platform, org.id)]);

    const sends = twilio.requests
      .filter((r) => r.method === 'POST' && r.receivedAt >= firstRequest)
      .map((r) => r.receivedAt)
      .sort((a, b) => a - b);
    expect(twilio.messages.length - before).toBe(12);
    // Four segments a second, counted in the database's seconds that both workers share: 12 texts, three seconds.
    const { rows: windows } = await app.sql(
      `SELECT used FROM send_rate_windows WHERE organization_id = $1 AND scope = $2 ORDER BY window_start`,
      [org.id, `brand:${brandId}`],
    );
    const used = windows.map((w: { used: number }) => w.used);
    expect(Math.max(...used)).toBe(4);
    expect(used.reduce((a: number, b: number) => a + b, 0)).toBe(12);
    expect(used.length).toBeGreaterThanOrEqual(3);
    expect(sends[sends.length - 1] - sends[0]).toBeGreaterThanOrEqual(1000);
    const sent = sendsPerText();
    expect(blast.textIds.map((id) => sent.get(id))).toEqual(Array(12).fill(1));
  }, 30_000);
});

describe('unknown outcomes without a way to check', () => {
  it('marks a text Error rather than resend it when the provider can neither dedupe nor be asked', async () => {
    const org = await buildOrganization(app, 'Dispatch unknown');
    const blast = await loadedBlast(app, org, {
      recipients: 1,
      provider: 'Telucom',
      settings: { TELUCOM_API_KEY: 'k', TELUCOM_BASE_URL: 'http://127.0.0.1:9' },
    });
    await app.sql(
      `UPDATE texts SET text_status = 'Queued', claimed_at = now() - interval '1 hour' WHERE organization_id = $1`,
      [org.id],
    );
    await app.sql(
      `UPDATE project_text_counts SET text_status = 'Queued' WHERE organization_id = $1 AND text_status = 'Ready'`,
      [org.id],
    );
    await dispatchOrganization(app.platform, org.id);
    const [row] = await texts(org.id, blast.projectId);
    expect(row).toMatchObject({ text_status: 'Error', error_message: unknownOutcomeMessage });
  });
});
