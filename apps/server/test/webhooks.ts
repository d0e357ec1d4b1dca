import type { TestApp } from './harness';
import { withTenant } from '../src/platform/db/tenant';
import { addSender } from './project-factories';
import {
  simulatorSignature,
  simulatorSigningPurpose,
  SIMULATOR_SIGNATURE_HEADER,
} from '../src/modules/sending/providers/simulator/index';
import { withTextRef } from '../src/modules/sending/providers/text-ref-codec';
import { webhookUrl } from '../src/modules/sending/providers/webhook-url';
import { providerFor, senderIdentity } from '../src/modules/sending/resolve-provider';
import type { WebhookRequest } from '../src/modules/sending/providers/messaging-provider';
import { transitionTexts } from '../src/modules/sending/text-transitions';

/** Factories for the webhook tests: simulator senders, a send as dispatch makes it, and signed callbacks. */

/** A sender number on the simulator, behaving as `settings` say (the organization's Simulator configuration). */
export async function simulatorSender(
  app: TestApp,
  orgId: number,
  projectId: number,
  number: string,
  settings: Record<string, string>,
): Promise<number> {
  const phoneId = await addSender(app, orgId, projectId, number, { primary: true });
  await app.sql(`UPDATE phones SET provider = 'Simulator' WHERE organization_id = $1 AND id = $2`, [orgId, phoneId]);
  await setSimulatorSettings(app, orgId, settings);
  return phoneId;
}

/** Replaces the organization's Simulator configuration (its settings sealed, as the API stores them). */
export async function setSimulatorSettings(app: TestApp, orgId: number, settings: Record<string, string>) {
  await setProviderSettings(app, orgId, 'Simulator', settings);
}

/** Replaces the organization's configuration of a provider (its settings sealed, as the API stores them). */
export async function setProviderSettings(
  app: TestApp,
  orgId: number,
  provider: string,
  settings: Record<string, string>,
) {
  await app.sql(`DELETE FROM provider_configurations WHERE organization_id = $1 AND provider = $2`, [orgId, provider]);
  const { rows } = await app.sql(
    `INSERT INTO provider_configurations (organization_id, name, provider) VALUES ($1, $2, $3) RETURNING id`,
    [orgId, provider, provider],
  );
  for (const [key, value] of Object.entries(settings))
    await app.sql(
      `INSERT INTO provider_configuration_values (organization_id, provider_configuration_id, env_key, env_value)
       VALUES ($1, $2, $3, $4)`,
      [orgId, rows[0].id, key, app.platform.secrets.seal(value, key)],
    );
}

export interface SentText {
  id: number;
  createdAt: Date;
  providerMessageId: string;
}

/** Sends a text through its sender's provider as dispatch does: the callback URL carries the text's ref. */
export async function sendText(app: TestApp, orgId: number, textId: number): Promise<SentText> {
  const { rows } = await app.sql(
    `SELECT t.id, t.created_at, t.from_phone_id, t.rendered_message, f.number AS from_number, r.number AS to_number
       FROM texts t
       JOIN phones f ON f.organization_id = t.organization_id AND f.id = t.from_phone_id
       JOIN phones r ON r.organization_id = t.organization_id AND r.id = t.to_phone_id
      WHERE t.organization_id = $1 AND t.id = $2`,
    [orgId, textId],
  );
  const text = rows[0];
  const ref = { organizationId: orgId, textId, createdAtMs: text.created_at.getTime() };
  return withTenant(app.platform.database, { organizationIds: [orgId] }, async (tx) => {
    const identity = await senderIdentity(tx, app.platform, orgId, Number(text.from_phone_id));
    const outcome = await providerFor(app.platform, identity!).send({
      ref,
      from: `+1${text.from_number}`,
      to: `+1${text.to_number}`,
      body: text.rendered_message ?? '',
      mediaUrls: [],
      statusCallbackUrl: withTextRef(webhookUrl(app.platform.config.publicUrl, 'Simulator', 'status'), ref),
    });
    if (outcome.kind !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
    await transitionTexts(tx, orgId, [
      {
        textId,
        createdAt: text.created_at,
        to: 'Sending',
        provider: 'Simulator',
        providerMessageId: outcome.providerMessageId,
      },
    ]);
    return { id: textId, createdAt: text.created_at, providerMessageId: outcome.providerMessageId };
  });
}

/** A simulator callback body signed for an organization, as the simulator would post it. */
export function signedBody(app: TestApp, orgId: number, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const key = app.platform.secrets.derive(simulatorSigningPurpose(orgId));
  return {
    raw,
    headers: { 'content-type': 'application/json', [SIMULATOR_SIGNATURE_HEADER]: simulatorSignature(key, raw) },
  };
}

/** A status callback of the simulator for one text. */
export function statusBody(
  text: SentText,
  orgId: number,
  status: string,
  eventId = `${text.providerMessageId}-${status}`,
) {
  return {
    type: 'status',
    eventId,
    messageId: text.providerMessageId,
    status,
    errorCode: null,
    errorMessage: null,
    timestamp: new Date().toISOString(),
    ref: { organizationId: orgId, textId: text.id, createdAtMs: text.createdAt.getTime() },
  };
}

/** Posts what a provider would post, to the path and query of the URL it was configured with; answers the status. */
export async function deliverWebhook(app: TestApp, request: WebhookRequest): Promise<number> {
  const url = new URL(request.url);
  const res = await app.api.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: request.headers as Record<string, string>,
    payload: request.rawBody,
  });
  return res.statusCode;
}
