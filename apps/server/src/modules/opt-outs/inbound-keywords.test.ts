import { keywordReplies } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { loadedList, makeProject, recipient } from '../../../test/project-factories';
import { processWebhookEvents } from '../sending/webhooks/process-webhook-events';
import { signedBody } from '../../../test/webhooks';

/**
 * Keywords on the webhook path: a signed inbound message from the simulator, processed as the job does, and what
 * the recipient and the client's staff would then see (opt-outs, their audit, the replies queued to go out).
 */

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let seq = 0;

/** A sender number of the organization on the simulator, belonging to a client (or to none). */
async function sender(o: BuiltOrganization, number: string, clientId: number | null): Promise<number> {
  const { rows } = await app.sql(
    `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, provider, client_id)
     VALUES ($1, $2, 'Active', 'FromPhone', 'Provider', 'Simulator', $3) RETURNING id`,
    [o.id, number, clientId],
  );
  return Number(rows[0].id);
}

/** The recipient texts `body` to the number: the simulator's signed inbound callback, then the processing job. */
async function texts(o: BuiltOrganization, from: string, to: string, body: string) {
  await arrives(o, from, to, body);
  await processWebhookEvents(app.platform, o.id);
}

/** The simulator's signed inbound callback alone: stored, not yet processed. */
async function arrives(o: BuiltOrganization, from: string, to: string, body: string) {
  const event = signedBody(app, o.id, {
    type: 'inbound',
    eventId: `kw-${++seq}`,
    messageId: `SIM-KW-${seq}`,
    from: `+1${from}`,
    to: `+1${to}`,
    body,
    mediaUrls: [],
    timestamp: new Date().toISOString(),
  });
  const res = await app.api.inject({
    method: 'POST',
    url: '/webhooks/Simulator/inbound',
    payload: event.raw,
    headers: event.headers,
  });
  expect(res.statusCode).toBe(204);
}

const optOutsOf = async (o: BuiltOrganization, number: string) =>
  (
    await app.sql(
      `SELECT o.client_id, o.opt_out_type, o.body, t.body AS text_body, t.text_status
         FROM opt_outs o LEFT JOIN texts t ON t.organization_id = o.organization_id AND t.id = o.text_id
                                          AND t.created_at = o.text_created_at
        WHERE o.organization_id = $1 AND o.number = $2`,
      [o.id, number],
    )
  ).rows;

/** The texts Canvass queued to the number by itself. */
const autoReplies = async (o: BuiltOrganization, number: string) =>
  (
    await app.sql(
      `SELECT t.body, t.text_type, t.text_status, t.is_send_text, f.number AS from_number
         FROM texts t JOIN phones r ON r.organization_id = t.organization_id AND r.id = t.to_phone_id
         JOIN phones f ON f.organization_id = t.organization_id AND f.id = t.from_phone_id
        WHERE t.organization_id = $1 AND r.number = $2 AND t.auto_reply ORDER BY t.id`,
      [o.id, number],
    )
  ).rows;

const audit = async (o: BuiltOrganization, number: string) =>
  (
    await app.sql(
      `SELECT action, source, opt_out_type, reason FROM opt_out_changes
        WHERE organization_id = $1 AND number = $2 ORDER BY id`,
      [o.id, number],
    )
  ).rows;

const dispatchAsked = async (o: BuiltOrganization) =>
  Number(
    (await app.sql(`SELECT count(*) FROM graphile_worker.jobs WHERE key = $1`, [`dispatch:${o.id}`])).rows[0].count,
  );

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Keywords');
  other = await buildOrganization(app, 'Elsewhere');
  await sender(org, '2125559100', org.clientId);
  await sender(org, '2125559101', null);
  await sender(other, '3125559100', other.clientId);
}, 120_000);

describe('STOP', () => {
  it('opts the number out of the client once, with exactly one confirmation, however often it comes', async () => {
    await texts(org, '6465550001', '2125559100', 'STOP');
    await texts(org, '6465550001', '2125559100', 'stop!');

    expect(await optOutsOf(org, '6465550001')).toEqual([
      { client_id: org.clientId, opt_out_type: 'Recipient', body: 'STOP', text_body: 'STOP', text_status: 'Received' },
    ]);
    expect(await autoReplies(org, '6465550001')).toEqual([
      {
        body: keywordReplies.optedOut('Keywords Client'),
        text_type: 'Reply',
        text_status: 'Ready',
        is_send_text: true,
        from_number: '2125559100',
      },
    ]);
    expect(await audit(org, '6465550001')).toEqual([
      { action: 'Added', source: 'Inbound', opt_out_type: 'Recipient', reason: null },
    ]);
    expect(await dispatchAsked(org)).toBe(1);
  });

  it('confirms with the client’s own opt-out message when it has one', async () => {
    await app.sql(`UPDATE clients SET opt_out_message = 'Bye from Keywords. Text START to return.' WHERE id = $1`, [
      org.clientId,
    ]);
    await texts(org, '6465550002', '2125559100', 'please remove me from this list');
    expect(await optOutsOf(org, '6465550002')).toMatchObject([{ client_id: org.clientId, opt_out_type: 'Recipient' }]);
    expect((await autoReplies(org, '6465550002')).map((r) => r.body)).toEqual([
      'Bye from Keywords. Text START to return.',
    ]);
    await app.sql(`UPDATE clients SET opt_out_message = NULL WHERE id = $1`, [org.clientId]);
  });

  it('a reply in a project opts out of the project’s client, the confirmation shown in the project', async () => {
    const { rows: c } = await app.sql(
      `INSERT INTO clients (organization_id, name, client_type) VALUES ($1, 'Project Client', 'Campaign') RETURNING id`,
      [org.id],
    );
    const projectClient = Number(c[0].id);
    const listId = await loadedList(app, org.id, [['6465550030', 'Ada', 'Lovelace', '', '']]);
    const projectId = await makeProject(app, org.id, { clientId: projectClient, listId, message: 'Hi' });
    // The project texted this recipient from the number that belongs to the organization's other client.
    const recipientId = await recipient(app, org.id, '6465550030');
    await app.sql(
      `INSERT INTO texts (organization_id, body, text_status, text_type, from_phone_id, to_phone_id, project_id, sent_at)
       SELECT $1, 'Hi', 'Delivered', 'List', id, $2, $3, now() FROM phones
        WHERE organization_id = $1 AND number = '2125559100' AND phone_type = 'FromPhone'`,
      [org.id, recipientId, projectId],
    );
    await texts(org, '6465550030', '2125559100', 'Stop please');
    expect(await optOutsOf(org, '6465550030')).toMatchObject([{ client_id: projectClient, opt_out_type: 'Recipient' }]);
    const { rows: reply } = await app.sql(
      `SELECT project_id, text_type, body FROM texts WHERE organization_id = $1 AND auto_reply AND to_phone_id = $2`,
      [org.id, recipientId],
    );
    expect(reply).toEqual([
      { project_id: projectId, text_type: 'Reply', body: keywordReplies.optedOut('Project Client') },
    ]);
  });

  it('opts out of the whole organization when the number texted belongs to no client', async () => {
    await texts(org, '6465550003', '2125559101', 'No more texts');
    expect(await optOutsOf(org, '6465550003')).toMatchObject([{ client_id: null, opt_out_type: 'Recipient' }]);
    expect((await autoReplies(org, '6465550003')).map((r) => r.body)).toEqual([keywordReplies.optedOut('Keywords')]);
  });

  it('opts out on a Spanish request beyond the keywords, with its confirmation', async () => {
    await texts(org, '6465550042', '2125559100', 'borrar mi número');
    expect(await optOutsOf(org, '6465550042')).toMatchObject([
      { client_id: org.clientId, opt_out_type: 'Recipient', body: 'borrar mi número' },
    ]);
    expect((await autoReplies(org, '6465550042')).map((r) => r.body)).toEqual([
      keywordReplies.optedOut('Keywords Client'),
    ]);
  });

  it('takes a reply that merely contains the word as a reply', async () => {
    await texts(org, '6465550004', '2125559100', "I can't stop laughing");
    await texts(org, '6465550043', '2125559100', 'Para mí es importante, gracias');
    await texts(org, '6465550044', '2125559100', 'Help is on the way');
    for (const number of ['6465550004', '6465550043', '6465550044']) {
      expect(await optOutsOf(org, number)).toEqual([]);
      expect(await autoReplies(org, number)).toEqual([]);
    }
  });

  it('honours the organization’s own keywords, and plain language only while it is on', async () => {
    await app.sql(
      `UPDATE organizations SET settings = settings || '{"optOutKeywords": ["BAJA YA"], "plainLanguageOptOuts": false}'
        WHERE id = $1`,
      [org.id],
    );
    await texts(org, '6465550005', '2125559100', 'Baja ya!');
    await texts(org, '6465550006', '2125559100', 'stop texting me');
    await app.sql(`UPDATE organizations SET settings = '{}' WHERE id = $1`, [org.id]);
    expect(await optOutsOf(org, '6465550005')).toMatchObject([{ client_id: org.clientId, body: 'Baja ya!' }]);
    expect(await optOutsOf(org, '6465550006')).toEqual([]);
  });
});

describe('HELP and START', () => {
  it('answers HELP with the help reply, once a day', async () => {
    await texts(org, '6465550010', '2125559100', 'HELP');
    await texts(org, '6465550010', '2125559100', 'info');
    // An automatic answer, typed as a reply (not Manual: nobody wrote it).
    expect((await autoReplies(org, '6465550010')).map((r) => [r.body, r.text_type])).toEqual([
      [keywordReplies.help('Keywords Client'), 'Reply'],
    ]);
    expect(await optOutsOf(org, '6465550010')).toEqual([]);
  });

  it('answers HELP with the client’s own help reply when it has one', async () => {
    await app.sql(`UPDATE clients SET help_message = 'Keywords HQ: call 212-555-0000.' WHERE id = $1`, [org.clientId]);
    await texts(org, '6465550013', '2125559100', 'Help!');
    await app.sql(`UPDATE clients SET help_message = NULL WHERE id = $1`, [org.clientId]);
    expect((await autoReplies(org, '6465550013')).map((r) => r.body)).toEqual(['Keywords HQ: call 212-555-0000.']);
  });

  it('answers a help request in plain words, in Spanish too, with the help reply and opts nobody out', async () => {
    await texts(org, '6465550040', '2125559100', 'Ayuda por favor');
    await texts(org, '6465550041', '2125559100', 'help me please');
    for (const number of ['6465550040', '6465550041']) {
      expect((await autoReplies(org, number)).map((r) => r.body)).toEqual([keywordReplies.help('Keywords Client')]);
      expect(await optOutsOf(org, number)).toEqual([]);
    }
  });

  it('re-subscribes on START, with its confirmation and the reason in the audit', async () => {
    await texts(org, '6465550011', '2125559100', 'STOP');
    await texts(org, '6465550011', '2125559100', 'START');
    expect(await optOutsOf(org, '6465550011')).toEqual([]);
    expect((await autoReplies(org, '6465550011')).map((r) => r.body)).toEqual([
      keywordReplies.optedOut('Keywords Client'),
      keywordReplies.optedIn('Keywords Client'),
    ]);
    expect(await audit(org, '6465550011')).toEqual([
      { action: 'Added', source: 'Inbound', opt_out_type: 'Recipient', reason: null },
      { action: 'Removed', source: 'Inbound', opt_out_type: 'Recipient', reason: keywordReplies.optInReason },
    ]);
  });

  it('of a STOP and a START processed together, the later one wins', async () => {
    await arrives(org, '6465550014', '2125559100', 'STOP');
    await arrives(org, '6465550014', '2125559100', 'START');
    await arrives(org, '6465550015', '2125559100', 'START');
    await arrives(org, '6465550015', '2125559100', 'stop');
    await processWebhookEvents(app.platform, org.id);
    expect(await optOutsOf(org, '6465550014')).toEqual([]);
    expect((await autoReplies(org, '6465550014')).map((r) => r.body)).toEqual([
      keywordReplies.optedIn('Keywords Client'),
    ]);
    expect(await optOutsOf(org, '6465550015')).toMatchObject([{ body: 'stop' }]);
    expect((await autoReplies(org, '6465550015')).map((r) => r.body)).toEqual([
      keywordReplies.optedOut('Keywords Client'),
    ]);
  });

  it('takes YES from a number that is not opted out as just a reply', async () => {
    await texts(org, '6465550012', '2125559100', 'Yes');
    expect(await autoReplies(org, '6465550012')).toEqual([]);
    await texts(org, '6465550012', '2125559100', 'stop');
    await texts(org, '6465550012', '2125559100', 'YES');
    expect(await optOutsOf(org, '6465550012')).toEqual([]);
    expect((await autoReplies(org, '6465550012')).map((r) => r.body)).toEqual([
      keywordReplies.optedOut('Keywords Client'),
      keywordReplies.optedIn('Keywords Client'),
    ]);
  });
});

describe('tenancy', () => {
  it('a STOP to one organization’s number changes nothing in another that texts the same person', async () => {
    const before = await app.sql(`SELECT count(*)::int AS n FROM texts WHERE organization_id = $1`, [other.id]);
    await texts(org, '6465550020', '2125559100', 'STOP');
    await texts(other, '6465550021', '3125559100', 'hello');
    expect(await optOutsOf(org, '6465550020')).toHaveLength(1);
    expect(await optOutsOf(other, '6465550020')).toEqual([]);
    expect(await audit(other, '6465550020')).toEqual([]);
    const after = await app.sql(`SELECT count(*)::int AS n FROM texts WHERE organization_id = $1`, [other.id]);
    // The other organization got its own 'hello' and nothing else.
    expect(after.rows[0].n).toBe(before.rows[0].n + 1);
  });
});
