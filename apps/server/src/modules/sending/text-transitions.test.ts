import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { withTenant } from '../../platform/db/tenant';
import { runProjectLoad } from '../projects/load/run-project-load';
import { addSender, loadedList, makeProject } from '../../../test/project-factories';
import { transitionTexts, type TextTransition } from './text-transitions';

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let projectId: number;
let texts: { id: number; createdAt: Date }[];

const move = (organizationId: number, reports: TextTransition[]) =>
  withTenant(app.platform.database, { organizationIds: [organizationId], userId: null }, (tx) =>
    transitionTexts(tx, organizationId, reports),
  );

async function statusCounts(): Promise<Record<string, number>> {
  const { rows } = await app.sql(
    `SELECT text_status, sum(count)::text AS count FROM project_text_counts WHERE project_id = $1
      GROUP BY 1 HAVING sum(count) <> 0`,
    [projectId],
  );
  return Object.fromEntries(rows.map((r: { text_status: string; count: string }) => [r.text_status, Number(r.count)]));
}

const statusOf = async (id: number) =>
  (await app.sql(`SELECT text_status FROM texts WHERE id = $1`, [id])).rows[0]?.text_status as string | undefined;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Transitions');
  other = await buildOrganization(app, 'Elsewhere');
  const listId = await loadedList(app, org.id, [
    ['2125550101', 'Ada', 'Lovelace', '', ''],
    ['2125550102', 'Bo', 'Diddley', '', ''],
    ['2125550103', 'Cy', 'Young', '', ''],
  ]);
  projectId = await makeProject(app, org.id, { clientId: org.clientId, listId, message: 'Hi {firstName}' });
  await addSender(app, org.id, projectId, '2125559001', { primary: true });
  await runProjectLoad(app.platform, { organizationId: org.id, userId: null }, projectId);
  const { rows } = await app.sql(`SELECT id, created_at FROM texts WHERE project_id = $1 ORDER BY id`, [projectId]);
  texts = rows.map((r: { id: string; created_at: Date }) => ({ id: Number(r.id), createdAt: r.created_at }));
}, 120_000);

describe('text status transitions', () => {
  it('moves texts forward and their counts with them', async () => {
    const [a, b] = texts;
    const moved = await move(org.id, [
      { textId: a.id, createdAt: a.createdAt, to: 'Sent', provider: 'Twilio', providerMessageId: 'SM1' },
      { textId: b.id, createdAt: b.createdAt, to: 'Queued' },
    ]);
    expect(moved.map((m) => [m.textId, m.from, m.to]).sort()).toEqual(
      [
        [a.id, 'Ready', 'Sent'],
        [b.id, 'Ready', 'Queued'],
      ].sort(),
    );
    expect(await statusCounts()).toEqual({ Ready: 1, Queued: 1, Sent: 1 });
    const {
      rows: [row],
    } = await app.sql(`SELECT provider_message_id, sent_at FROM texts WHERE id = $1`, [a.id]);
    expect(row.provider_message_id).toBe('SM1');
    expect(row.sent_at).not.toBeNull();
  });

  it('ignores a duplicate or late report: a text never moves backwards', async () => {
    const [a] = texts;
    await move(org.id, [{ textId: a.id, createdAt: a.createdAt, to: 'Delivered' }]);
    const again = await move(org.id, [
      { textId: a.id, createdAt: a.createdAt, to: 'Delivered' },
      { textId: a.id, createdAt: a.createdAt, to: 'Sent' },
    ]);
    expect(again).toEqual([]);
    expect(await statusOf(a.id)).toBe('Delivered');
    expect(await statusCounts()).toEqual({ Ready: 1, Queued: 1, Delivered: 1 });
  });

  it('takes the furthest of several reports for one text in a batch', async () => {
    const [, , c] = texts;
    await move(org.id, [
      { textId: c.id, createdAt: c.createdAt, to: 'Sent' },
      { textId: c.id, createdAt: c.createdAt, to: 'Failed', errorMessage: 'The carrier refused it' },
    ]);
    expect(await statusOf(c.id)).toBe('Failed');
    expect(await statusCounts()).toEqual({ Queued: 1, Delivered: 1, Failed: 1 });
  });

  it("never touches another organization's texts", async () => {
    const [, b] = texts;
    const moved = await move(other.id, [{ textId: b.id, createdAt: b.createdAt, to: 'Delivered' }]);
    expect(moved).toEqual([]);
    expect(await statusOf(b.id)).toBe('Queued');
  });
});
