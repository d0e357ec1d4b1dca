import { optOutMessages } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, gql, type TestApp } from '../../../test/harness';

/** The opt-out toggle on a text (spec §4), through the API as the text screen calls it. */

const SET = `mutation($id: ID!, $on: Boolean!) {
  setTextOptOut(id: $id, optOut: $on) { message errors { field messages } text { id optOut } }
}`;
const GET = `query($id: ID!) { text(id: $id) { id optOut } }`;

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let admin: string;
let otherAdmin: string;
let sentId: number;
let receivedId: number;
let recipientId: number;

async function phone(orgId: number, number: string, type: 'FromPhone' | 'ToPhone', clientId: number | null) {
  const { rows } = await app.sql(
    `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, client_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      orgId,
      number,
      type === 'FromPhone' ? 'Active' : 'ToPhone',
      type,
      type === 'FromPhone' ? 'Provider' : 'Recipient',
      clientId,
    ],
  );
  return Number(rows[0].id);
}

async function text(orgId: number, from: number, to: number, status: string, type: string) {
  const { rows } = await app.sql(
    `INSERT INTO texts (organization_id, body, text_status, text_type, from_phone_id, to_phone_id)
     VALUES ($1, 'Hello', $2, $3, $4, $5) RETURNING id`,
    [orgId, status, type, from, to],
  );
  return Number(rows[0].id);
}

const optOutRows = async (orgId: number) =>
  (await app.sql(`SELECT phone_id, client_id, opt_out_type FROM opt_outs WHERE organization_id = $1`, [orgId])).rows;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Toggle');
  other = await buildOrganization(app, 'Elsewhere');
  admin = await org.tokenFor('Admin');
  otherAdmin = await other.tokenFor('Admin');
  const sender = await phone(org.id, '2125559300', 'FromPhone', org.clientId);
  recipientId = await phone(org.id, '6465550300', 'ToPhone', null);
  sentId = await text(org.id, sender, recipientId, 'Delivered', 'Manual');
  receivedId = await text(org.id, recipientId, sender, 'Received', 'Inbox');
}, 120_000);

describe('the opt-out toggle on a text', () => {
  it('on opts the recipient out of the text’s client; the reply from that number shows it too', async () => {
    expect((await gql(app, GET, { id: sentId }, { token: admin })).data!.text.optOut).toBe(false);
    const res = await gql(app, SET, { id: sentId, on: true }, { token: admin });
    expect(res.data!.setTextOptOut).toEqual({
      message: optOutMessages.created,
      errors: [],
      text: { id: String(sentId), optOut: true },
    });
    expect(await optOutRows(org.id)).toEqual([
      { phone_id: recipientId, client_id: org.clientId, opt_out_type: 'Manual' },
    ]);
    // A received text's recipient is its sender: the same number, the same opt-out.
    expect((await gql(app, GET, { id: receivedId }, { token: admin })).data!.text.optOut).toBe(true);
    // On again: nothing more.
    await gql(app, SET, { id: sentId, on: true }, { token: admin });
    expect(await optOutRows(org.id)).toHaveLength(1);
  });

  it('off removes it, the reason in its audit record', async () => {
    const res = await gql(app, SET, { id: receivedId, on: false }, { token: admin });
    expect(res.data!.setTextOptOut).toEqual({
      message: optOutMessages.deleted,
      errors: [],
      text: { id: String(receivedId), optOut: false },
    });
    expect(await optOutRows(org.id)).toEqual([]);
    const { rows } = await app.sql(
      `SELECT action, source, reason FROM opt_out_changes WHERE organization_id = $1 ORDER BY id`,
      [org.id],
    );
    expect(rows.at(-1)).toEqual({ action: 'Removed', source: 'Api', reason: optOutMessages.toggledOff });
  });

  it('another organization cannot toggle this organization’s text', async () => {
    const res = await gql(app, SET, { id: sentId, on: true }, { token: otherAdmin });
    expect(res.data!.setTextOptOut.message).toBeNull();
    expect(res.data!.setTextOptOut.errors).toContainEqual({ field: 'base', messages: [optOutMessages.errorAdding] });
    expect(await optOutRows(org.id)).toEqual([]);
    expect(await optOutRows(other.id)).toEqual([]);
  });
});
