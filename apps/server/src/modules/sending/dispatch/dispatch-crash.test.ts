import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { startHttpProviderMock } from '../../../../test/mocks/http-provider-mock';
import { dispatchOrganization } from './dispatch';
import { unknownOutcomeMessage } from './reconcile';
import { httpAdapterAccount, loadedBlast, textIdOfKey } from '../../../../test/blasts';

/**
 * Issue 34 item 3: a worker that dies mid-send leaves unknown only the texts it really had in flight. The provider is
 * the HTTP adapter's (no idempotency, no way to ask it), so a text it may have got can only be marked for a person.
 */
const CONCURRENCY = 3;
let app: TestApp;
let provider: Awaited<ReturnType<typeof startHttpProviderMock>>;

beforeAll(async () => {
  provider = await startHttpProviderMock({ customer: 'crash', apiKey: 'crash-key', webhookSecret: 'unused' });
  // Four lanes of batches of 6: 24 texts claimed at once, 3 sends in flight.
  app = await createTestApp({ SEND_CONCURRENCY: String(CONCURRENCY), SEND_BATCH_SIZE: '6' });
}, 60_000);

afterAll(() => provider.close());

/** How many times the provider was asked to send each text. */
const postsPerText = () => {
  const posts = new Map<number, number>();
  for (const body of provider.received) {
    const id = textIdOfKey(String(body.reference));
    posts.set(id, (posts.get(id) ?? 0) + 1);
  }
  return posts;
};

describe('a worker killed mid-send', () => {
  it('sends every text it had not handed over once, and marks unknown only those in flight', async () => {
    const org = await buildOrganization(app, 'Crash mid-send');
    const blast = await loadedBlast(app, org, {
      recipients: 40,
      provider: 'Telucom',
      settings: httpAdapterAccount(provider.url, 'crash', 'crash-key'),
    });

    // The worker dies as its eighth text is about to go: seven reached the provider.
    let sends = 0;
    await expect(
      dispatchOrganization(app.platform, org.id, {
        hooks: {
          beforeSend() {
            if (++sends > 7) throw new Error('worker killed');
          },
        },
      }),
    ).rejects.toThrow('worker killed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const beforeCrash = new Set(postsPerText().keys());
    expect(beforeCrash.size).toBe(7);

    // A new worker, once the dead one's claims are past their grace.
    await app.sql(
      `UPDATE texts SET claimed_at = now() - interval '1 hour' WHERE organization_id = $1 AND text_status = 'Queued'`,
      [org.id],
    );
    await app.sql(`UPDATE send_handovers SET written_at = now() - interval '1 hour' WHERE organization_id = $1`, [
      org.id,
    ]);
    await dispatchOrganization(app.platform, org.id);

    const posts = postsPerText();
    expect([...posts.values()].filter((n) => n > 1)).toEqual([]);
    const { rows } = await app.sql(
      `SELECT id, text_status, error_message FROM texts WHERE organization_id = $1 AND project_id = $2`,
      [org.id, blast.projectId],
    );
    const unknown = rows.filter((r: { error_message: string | null }) => r.error_message === unknownOutcomeMessage);
    // At most the sends in flight are unknown, and only texts that were handed over before the crash.
    expect(unknown.length).toBeLessThanOrEqual(CONCURRENCY);
    for (const r of unknown) expect(r.text_status).toBe('Error');
    const lost = rows.filter(
      (r: { id: number; error_message: string | null }) =>
        r.error_message !== unknownOutcomeMessage && posts.get(Number(r.id)) !== 1,
    );
    expect(lost).toEqual([]);
    // Every text the provider answered shows as sent, whichever worker recorded it.
    for (const r of rows.filter((r: { id: number }) => posts.has(Number(r.id)) && !beforeCrash.has(Number(r.id))))
      expect(r.text_status).toBe('Sent');
    expect(rows.filter((r: { text_status: string }) => r.text_status === 'Sent').length).toBe(40 - unknown.length);
    // The run's journal is gone with the claims it explained.
    const { rows: journal } = await app.sql(
      `SELECT count(*)::int AS n FROM send_handovers WHERE organization_id = $1`,
      [org.id],
    );
    expect(journal[0].n).toBe(0);
  });
});
