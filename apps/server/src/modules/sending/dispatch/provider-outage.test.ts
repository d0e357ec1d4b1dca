import { sendTimeMessages } from '@canvass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { startHttpProviderMock } from '../../../../test/mocks/http-provider-mock';
import { dispatchOrganization } from './dispatch';
import { httpAdapterAccount, loadedBlast } from '../../../../test/blasts';

/**
 * Issue 34 item 8: a provider down longer than SEND_MAX_ATTEMPTS of backoff no longer fails a project's texts; they
 * wait (the wait capped at SEND_RETRY_MAX_DELAY_MS) and retry until the provider is back or the project ends, and the
 * project says its provider is failing. The settings are those of the defaults scaled down: 3 attempts from 20 ms.
 */
let app: TestApp;
let provider: Awaited<ReturnType<typeof startHttpProviderMock>>;

beforeAll(async () => {
  provider = await startHttpProviderMock({ customer: 'outage', apiKey: 'outage-key', webhookSecret: 'unused' });
  app = await createTestApp({ SEND_RETRY_BASE_MS: '20', SEND_RETRY_MAX_DELAY_MS: '80', SEND_MAX_ATTEMPTS: '3' });
}, 60_000);

afterAll(() => provider.close());

const unavailable = { status: 503, body: { message: 'maintenance' } };

async function blast(name: string) {
  const org = await buildOrganization(app, name);
  const { projectId } = await loadedBlast(app, org, {
    recipients: 1,
    provider: 'Telucom',
    settings: httpAdapterAccount(provider.url, 'outage', 'outage-key'),
  });
  const project = async () =>
    (
      await app.sql(
        `SELECT p.provider_trouble, t.text_status, t.error_message FROM projects p
           JOIN texts t ON t.organization_id = p.organization_id AND t.project_id = p.id
          WHERE p.organization_id = $1 AND p.id = $2`,
        [org.id, projectId],
      )
    ).rows[0] as { provider_trouble: string | null; text_status: string; error_message: string | null };
  return { org, projectId, project };
}

describe('a provider outage longer than the retries of old', () => {
  it('keeps the text retrying, says the provider is failing, and sends it once the provider is back', async () => {
    const { org, project } = await blast('Long outage');
    provider.received.length = 0;
    for (let i = 0; i < 6; i++) provider.replyNext(unavailable);
    let troubleSeen: string | null = null;
    await dispatchOrganization(app.platform, org.id, {
      hooks: {
        beforeSend() {
          // Read as the provider is about to be asked again: what the overview shows meanwhile.
          void project().then((p) => (troubleSeen ??= p.provider_trouble));
        },
      },
    });
    expect(troubleSeen).toMatch(/Telucom answered 503/);
    const after = await project();
    expect(after).toMatchObject({ text_status: 'Sent', provider_trouble: null });
    expect(provider.received).toHaveLength(1);
  }, 30_000);

  it('stops retrying only when the project ends, as Expired, not Failed', async () => {
    const { org, projectId, project } = await blast('Outage to the end');
    await app.sql(`UPDATE projects SET end_at = now() + interval '1 second' WHERE organization_id = $1 AND id = $2`, [
      org.id,
      projectId,
    ]);
    for (let i = 0; i < 500; i++) provider.replyNext(unavailable);
    await dispatchOrganization(app.platform, org.id);
    const after = await project();
    expect(after.text_status).toBe('Expired');
    expect(after.error_message).toBe(sendTimeMessages.projectEnded);
    expect(after.provider_trouble).toMatch(/Telucom answered 503/);
  }, 30_000);
});
