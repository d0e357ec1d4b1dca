import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { withSystem } from '../../../platform/db/tenant';
import { senderProviders, type SenderProviders } from './sender-providers';
import { signedBody } from '../../../../test/webhooks';
import type { IncomingWebhook } from './incoming-webhook';
import type { WebhookRoute } from './webhook-routing';

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;

/** A simulator sender number of the organization, with no campaign: it verifies with the organization's key. */
async function simulatorNumber(orgId: number, number: string): Promise<WebhookRoute> {
  const { rows } = await app.sql(
    `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, provider)
     VALUES ($1, $2, 'Active', 'FromPhone', 'Provider', 'Simulator') RETURNING id`,
    [orgId, number],
  );
  return { organizationId: orgId, phoneId: Number(rows[0].id) };
}

const setStatus = (route: WebhookRoute, status: string) =>
  app.sql(`UPDATE phones SET phone_status = $3 WHERE organization_id = $1 AND id = $2`, [
    route.organizationId,
    route.phoneId,
    status,
  ]);

/** A simulator request signed with an organization's key. */
function signedFor(orgId: number, eventId: string): IncomingWebhook {
  const { raw, headers } = signedBody(app, orgId, { type: 'status', eventId });
  return {
    provider: 'Simulator',
    request: { url: 'http://test/webhooks/Simulator/status', method: 'POST', headers, rawBody: Buffer.from(raw) },
    events: [],
    queryRef: null,
  };
}

/** Whether one batch (its own transaction) accepts the request for the route. */
const verifiedInBatch = (providers: SenderProviders, route: WebhookRoute, incoming: IncomingWebhook) =>
  withSystem(app.platform.database, 'test-webhook-verify', (tx) => providers.forBatch(tx)(route, incoming));

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Verifies');
  other = await buildOrganization(app, 'Signs elsewhere');
}, 60_000);

describe('sender providers remembered for webhook verification', () => {
  it("accepts the number's own organization's signature and refuses another's, remembered or not", async () => {
    const route = await simulatorNumber(org.id, '2125558001');
    const providers = senderProviders(app.platform, 60_000);
    for (let batch = 0; batch < 2; batch++) {
      expect(await verifiedInBatch(providers, route, signedFor(org.id, `own-${batch}`))).toBe(true);
      expect(await verifiedInBatch(providers, route, signedFor(other.id, `forged-${batch}`))).toBe(false);
    }
  });

  it('keeps verifying with the provider it read for as long as it remembers it, then reads it again', async () => {
    const route = await simulatorNumber(org.id, '2125558002');
    const remembering = senderProviders(app.platform, 60_000);
    const forgetting = senderProviders(app.platform, 0);
    expect(await verifiedInBatch(remembering, route, signedFor(org.id, 'before-1'))).toBe(true);
    expect(await verifiedInBatch(forgetting, route, signedFor(org.id, 'before-2'))).toBe(true);
    // A released number has no provider: what it is remembered for, it still accepts until forgotten.
    await setStatus(route, 'Released');
    expect(await verifiedInBatch(remembering, route, signedFor(org.id, 'after-1'))).toBe(true);
    expect(await verifiedInBatch(forgetting, route, signedFor(org.id, 'after-2'))).toBe(false);
  });

  it('reads the provider afresh when the remembered one refuses, so a new configuration verifies at once', async () => {
    const route = await simulatorNumber(org.id, '2125558003');
    await setStatus(route, 'Released');
    const providers = senderProviders(app.platform, 60_000);
    expect(await verifiedInBatch(providers, route, signedFor(org.id, 'released'))).toBe(false);
    await setStatus(route, 'Active');
    expect(await verifiedInBatch(providers, route, signedFor(org.id, 'active-again'))).toBe(true);
  });
});
