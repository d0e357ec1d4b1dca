import type { FormattedExecutionResult } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followProjectSummary } from '../src/modules/projects/load/follow-project-summary';
import { runProjectLoad } from '../src/modules/projects/load/run-project-load';
import { addSender, loadedList, makeProject } from './project-factories';
import { publishSendingProgress } from '../src/modules/sending/dispatch/sending-progress';
import { resolveViewer } from '../src/platform/auth/resolve-viewer';
import { createContext } from '../src/platform/graphql/context';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { expectNotFollowable, wsClients } from './ws-client';

const SUBSCRIPTION = `subscription($id: ID!) { projectSendingProgress(projectId: $id) {
  projectId totalTexts pauseReason textStatus { key count } } }`;
type Summary = {
  projectId: string;
  totalTexts: number;
  pauseReason: string | null;
  textStatus: { key: string; count: number }[];
};
type Result = FormattedExecutionResult<{ projectSendingProgress: Summary | null }>;

let app: TestApp;
let org: BuiltOrganization;
let otherOrg: BuiltOrganization;
let projectId: number;
let ws: ReturnType<typeof wsClients>;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Progress');
  otherOrg = await buildOrganization(app, 'Onlooker');
  const listId = await loadedList(app, org.id, [
    ['2125550101', 'Ada', 'Lovelace', '', ''],
    ['2125550102', 'Bo', 'Diddley', '', ''],
    ['2125550103', 'Cy', 'Young', '', ''],
  ]);
  projectId = await makeProject(app, org.id, { clientId: org.clientId, listId, message: 'Hi {firstName}' });
  await addSender(app, org.id, projectId, '3125559001', { primary: true });
  await runProjectLoad(app.platform, { organizationId: org.id, userId: null }, projectId);
  await app.api.listen({ port: 0, host: '127.0.0.1' });
  ws = wsClients(app);
}, 120_000);

afterAll(() => ws.disposeClients());

/** Moves `n` of the project's Ready texts to `status` in its kept counts, as sending does. */
async function move(n: number, status: string): Promise<void> {
  await app.sql(
    `WITH c AS (SELECT day, from_phone_id FROM project_text_counts
                 WHERE organization_id = $1 AND project_id = $2 AND text_status = 'Ready' LIMIT 1),
          dec AS (UPDATE project_text_counts t SET count = t.count - $3 FROM c
                   WHERE t.organization_id = $1 AND t.project_id = $2 AND t.day = c.day
                     AND t.from_phone_id = c.from_phone_id AND t.text_status = 'Ready')
     INSERT INTO project_text_counts (organization_id, project_id, day, from_phone_id, text_status, count)
     SELECT $1, $2, day, from_phone_id, $4, $3 FROM c
     ON CONFLICT (organization_id, project_id, day, from_phone_id, text_status)
     DO UPDATE SET count = project_text_counts.count + EXCLUDED.count`,
    [org.id, projectId, n, status],
  );
}

describe('projectSendingProgress over graphql-ws', () => {
  it('gives the summary now, then a new one after a sending event follows a change of the counts', async () => {
    const client = ws.connect(await org.tokenFor('Manager'));
    const updates = client.iterate({
      query: SUBSCRIPTION,
      variables: { id: String(projectId) },
    }) as AsyncIterableIterator<Result>;
    const first = await updates.next();
    expect(first.value?.errors).toBeUndefined();
    expect(first.value?.data?.projectSendingProgress).toEqual({
      projectId: String(projectId),
      totalTexts: 3,
      pauseReason: null,
      textStatus: [{ key: 'Ready', count: 3 }],
    });

    await move(2, 'Sent');
    await publishSendingProgress(app.platform, org.id, [projectId]);
    const second = await updates.next();
    expect(second.value?.data?.projectSendingProgress?.textStatus).toEqual([
      { key: 'Sent', count: 2 },
      { key: 'Ready', count: 1 },
    ]);

    await move(1, 'Delivered');
    await publishSendingProgress(app.platform, org.id, [projectId]);
    const third = await updates.next();
    expect(third.value?.data?.projectSendingProgress?.textStatus).toEqual([
      { key: 'Sent', count: 2 },
      { key: 'Delivered', count: 1 },
    ]);

    // Sending paused by itself: the reason comes with the next summary.
    await app.sql(
      `UPDATE projects SET is_paused = true, pause_reason = 'Carriers blocked every sender' WHERE id = $1`,
      [projectId],
    );
    await publishSendingProgress(app.platform, org.id, [projectId]);
    expect((await updates.next()).value?.data?.projectSendingProgress?.pauseReason).toBe(
      'Carriers blocked every sender',
    );
    await updates.return?.();
  });

  it('gives a user of another organization NOT_FOUND and never the summary', async () => {
    await expectNotFollowable(ws.connect(await otherOrg.tokenFor('Admin')), SUBSCRIPTION, String(projectId));
  });

  it('folds a burst of events into a few re-reads, and lets go at once when the subscriber leaves', async () => {
    const userId = (await app.sql('SELECT id FROM users WHERE email = $1', [org.emailFor('Manager')])).rows[0]
      .id as number;
    const viewer = await resolveViewer(app.platform.database, [], { organizationId: org.id, userId });
    const ctx = createContext(app.platform, viewer, null);
    let reads = 0;
    const counted = { ...ctx, tenant: ((fn: never) => (reads++, ctx.tenant(fn))) as typeof ctx.tenant };
    const updates = await followProjectSummary(counted, projectId, 200);
    expect((await updates.next()).value).toMatchObject({ projectId });
    await move(1, 'Failed');
    for (let i = 0; i < 20; i++) await publishSendingProgress(app.platform, org.id, [projectId]);
    const next = await updates.next();
    expect(next.value?.textStatus).toContainEqual({ key: 'Failed', count: 1 });
    // 1 first read, then at most a couple for twenty events.
    expect(reads).toBeLessThanOrEqual(3);
    const waiting = updates.next();
    await updates.return!();
    expect(await waiting).toEqual({ value: undefined, done: true });
  });
});
