import { compareSummaryVersions } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../../test/factories';
import { createTestApp, gql, type TestApp } from '../../../../test/harness';
import { withTenant } from '../../../platform/db/tenant';
import { receiveTexts } from '../../sending/webhooks/receive-texts';
import { transitionTexts } from '../../sending/text-transitions';
import { runProjectLoad } from './run-project-load';
import { addSender, loadedList, makeClient, makeProject, optOut } from '../../../../test/project-factories';

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let projectId: number;
let otherClientsProject: number;

// prettier-ignore
const SHEET = [
  ['2125550101', 'Ada', 'Lovelace', '', ''],
  ['2125550101', 'Ada', 'Again', '', ''],   // duplicate
  ['555-0100', 'Bad', 'One', '', ''],       // invalid
  ['4155550103', 'Cy', 'Young', '', ''],    // opted out of the organization
  ['x', 'Bad', 'Two', '', ''],              // invalid
  ['4155550104', 'Di', 'Client', '', ''],   // opted out of the project's client
  ['2125550105', 'Ed', 'Smith', '', ''],
  ['6175550106', 'Flo', 'Mass', '', ''],
];

const SUMMARY = `query($id: ID!) { projectSummary(projectId: $id) {
  projectId rowsCount totalTexts duplicatePhones invalidPhones optOutPhones loadErrorMessage
  excluded { key count } textStatus { key count } textsPerProvider { key count }
  areaCodes { top { key count } total areaCodesCount } insights { day textStatus count }
  listSummary { duplicates invalids optOuts } } }`;
const TAB = `query($id: ID!, $tab: ListSummaryOption!, $first: Int, $after: String) {
  projectExcludedPhones(projectId: $id, tab: $tab, first: $first, after: $after) {
    nodes { position reason number firstName } hasNextPage endCursor } }`;

async function loadedProject(clientId: number): Promise<number> {
  const listId = await loadedList(app, org.id, SHEET);
  const id = await makeProject(app, org.id, { clientId, listId, message: 'Hi {firstName}' });
  await addSender(app, org.id, id, `21255590${String(id).padStart(2, '0')}`, { primary: true });
  await runProjectLoad(app.platform, { organizationId: org.id, userId: null }, id);
  return id;
}

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Summaries');
  other = await buildOrganization(app, 'Elsewhere');
  projectId = await loadedProject(org.clientId);
  await optOut(app, org.id, '4155550103', null);
  await optOut(app, org.id, '4155550104', org.clientId);
  // Loaded again now that the opt-outs exist (the list load made the recipient phones they point at).
  await app.sql(`UPDATE projects SET project_status = 'AwaitingLoad' WHERE id = $1`, [projectId]);
  await runProjectLoad(app.platform, { organizationId: org.id, userId: null }, projectId);
  otherClientsProject = await loadedProject(await makeClient(app, org.id, 'Another client'));
}, 120_000);

describe('project summaries', () => {
  it('gives the counts of the latest load, from the kept counts', async () => {
    const res = await gql(app, SUMMARY, { id: projectId }, { token: await org.tokenFor('Manager') });
    expect(res.errors).toBeUndefined();
    const today = new Date().toISOString().slice(0, 10);
    expect(res.data?.projectSummary).toEqual({
      projectId: String(projectId),
      rowsCount: 8,
      totalTexts: 3,
      duplicatePhones: 1,
      invalidPhones: 2,
      optOutPhones: 2,
      loadErrorMessage: null,
      excluded: [
        { key: 'Duplicate', count: 1 },
        { key: 'Invalid', count: 2 },
        { key: 'OrganizationOptOut', count: 1 },
        { key: 'ClientOptOut', count: 1 },
      ],
      textStatus: [{ key: 'Ready', count: 3 }],
      textsPerProvider: [{ key: 'Twilio', count: 3 }],
      areaCodes: {
        top: [
          { key: '212', count: 2 },
          { key: '617', count: 1 },
        ],
        total: 3,
        areaCodesCount: 2,
      },
      insights: [{ day: today, textStatus: 'Ready', count: 3 }],
      listSummary: { duplicates: 1, invalids: 2, optOuts: 2 },
    });
  });

  it('pages the duplicate, invalid and opt-out tabs by keyset', async () => {
    const token = await org.tokenFor('Manager');
    const first = await gql(app, TAB, { id: projectId, tab: 'invalids', first: 1 }, { token });
    expect(first.data?.projectExcludedPhones).toMatchObject({
      nodes: [{ position: 3, reason: 'Invalid', number: '555-0100', firstName: 'Bad' }],
      hasNextPage: true,
    });
    const after = first.data?.projectExcludedPhones.endCursor;
    const second = await gql(app, TAB, { id: projectId, tab: 'invalids', first: 1, after }, { token });
    expect(second.data?.projectExcludedPhones).toMatchObject({
      nodes: [{ position: 5, reason: 'Invalid', number: 'x' }],
      hasNextPage: false,
    });
    const optOuts = await gql(app, TAB, { id: projectId, tab: 'optOuts' }, { token });
    expect(optOuts.data?.projectExcludedPhones.nodes).toEqual([
      { position: 4, reason: 'OrganizationOptOut', number: '4155550103', firstName: 'Cy' },
      { position: 6, reason: 'ClientOptOut', number: '4155550104', firstName: 'Di' },
    ]);
    const duplicates = await gql(app, TAB, { id: projectId, tab: 'duplicates' }, { token });
    expect(duplicates.data?.projectExcludedPhones.nodes).toEqual([
      { position: 2, reason: 'Duplicate', number: '2125550101', firstName: 'Ada' },
    ]);
  });

  it("shows a Client-role user its own client's projects only", async () => {
    const token = await org.tokenFor('Client');
    const own = await gql(app, SUMMARY, { id: projectId }, { token });
    expect(own.data?.projectSummary?.totalTexts).toBe(3);
    const notOwn = await gql(app, SUMMARY, { id: otherClientsProject }, { token });
    expect(notOwn.errors).toBeUndefined();
    expect(notOwn.data?.projectSummary).toBeNull();
    const tab = await gql(app, TAB, { id: otherClientsProject, tab: 'invalids' }, { token });
    expect(tab.data?.projectExcludedPhones).toBeNull();
  });

  it("shows another organization's user nothing of the project", async () => {
    const token = await other.tokenFor('Manager');
    const res = await gql(app, SUMMARY, { id: projectId }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.projectSummary).toBeNull();
    const tab = await gql(app, TAB, { id: projectId, tab: 'optOuts' }, { token });
    expect(tab.data?.projectExcludedPhones).toBeNull();
  });

  it("gives each sender's delivery, and flags one whose failures rise, from the kept counts", async () => {
    const listId = await loadedList(app, org.id, SHEET);
    const id = await makeProject(app, org.id, { clientId: org.clientId, listId, message: 'Hi {firstName}' });
    const [failing, fine, early, idle] = await Promise.all(
      ['3125550701', '3125550702', '3125550703', '3125550704'].map((n) => addSender(app, org.id, id, n)),
    );
    // As sending keeps them: per day, sender and status. Summed over the days.
    // prettier-ignore
    const counts: [string, number, string, number][] = [
      ['2026-11-01', failing, 'Delivered', 30], ['2026-11-02', failing, 'Delivered', 24],
      ['2026-11-01', failing, 'Failed', 4], ['2026-11-02', failing, 'Undelivered', 2],
      ['2026-11-02', failing, 'Sending', 3], ['2026-11-02', failing, 'Ready', 7],
      ['2026-11-01', fine, 'Delivered', 98], ['2026-11-01', fine, 'Spam', 2],
      ['2026-11-01', early, 'Clicked', 30], ['2026-11-01', early, 'Rejected', 10],
      ['2026-11-01', idle, 'Ready', 5],
    ];
    for (const [day, phone, status, count] of counts)
      await app.sql(
        `INSERT INTO project_text_counts (organization_id, project_id, day, from_phone_id, text_status, count)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [org.id, id, day, phone, status, count],
      );
    const QUERY = `query($id: ID!) { projectSummary(projectId: $id) {
      senders { phoneId number provider sent delivered failed deliveryRate highFailureRate } } }`;

    const res = await gql(app, QUERY, { id }, { token: await org.tokenFor('Manager') });

    expect(res.errors).toBeUndefined();
    const sender = (phoneId: number, number: string) => ({ phoneId: String(phoneId), number, provider: 'Twilio' });
    expect(res.data?.projectSummary.senders).toEqual([
      // 6 of 60 finished failed: 10%, enough texts to mean it.
      {
        ...sender(fine, '3125550702'),
        sent: 100,
        delivered: 98,
        failed: 2,
        deliveryRate: 0.98,
        highFailureRate: false,
      },
      {
        ...sender(failing, '3125550701'),
        sent: 63,
        delivered: 54,
        failed: 6,
        deliveryRate: 0.9,
        highFailureRate: true,
      },
      // A quarter failed, but of too few texts yet to judge the number by.
      {
        ...sender(early, '3125550703'),
        sent: 40,
        delivered: 30,
        failed: 10,
        deliveryRate: 0.75,
        highFailureRate: false,
      },
      { ...sender(idle, '3125550704'), sent: 0, delivered: 0, failed: 0, deliveryRate: null, highFailureRate: false },
    ]);
    const elsewhere = await gql(app, QUERY, { id }, { token: await other.tokenFor('Manager') });
    expect(elsewhere.data?.projectSummary).toBeNull();
  });

  it('counts the texts the project sends in its total and per provider, and its replies apart', async () => {
    const listId = await loadedList(app, org.id, SHEET);
    const id = await makeProject(app, org.id, { clientId: org.clientId, listId, message: 'Hi {firstName}' });
    const sender = await addSender(app, org.id, id, '3125550801', { primary: true });
    await runProjectLoad(app.platform, { organizationId: org.id, userId: null }, id);
    const { rows: sent } = await app.sql(
      `SELECT id, created_at FROM texts WHERE organization_id = $1 AND project_id = $2`,
      [org.id, id],
    );
    // Delivered, then two recipients answer: what sending and the webhooks do.
    await withTenant(app.platform.database, { organizationIds: [org.id] }, async (tx) => {
      await transitionTexts(
        tx,
        org.id,
        sent.map((t) => ({
          textId: Number(t.id),
          createdAt: t.created_at,
          to: 'Delivered',
          providerMessageId: `M${t.id}`,
        })),
      );
      await receiveTexts(
        tx,
        org.id,
        ['+12125550101', '+12125550105'].map((from, i) => ({
          senderPhoneId: sender,
          from,
          body: 'Who is this?',
          mediaUrls: [],
          provider: 'Twilio',
          providerMessageId: `R${id}-${i}`,
        })),
      );
    });
    const QUERY = `query($id: ID!) { projectSummary(projectId: $id) {
      totalTexts receivedTexts textStatus { key count } textsPerProvider { key count } } }`;
    const res = await gql(app, QUERY, { id }, { token: await org.tokenFor('Manager') });
    // Three recipients: "Total texts" and the estimate's recipients are 3, not 5 (issue 35 §4).
    expect(res.data?.projectSummary).toEqual({
      totalTexts: 3,
      receivedTexts: 2,
      textStatus: [
        { key: 'Delivered', count: 3 },
        { key: 'Received', count: 2 },
      ],
      textsPerProvider: [{ key: 'Twilio', count: 3 }],
    });
  });

  it('gives each read the snapshot it saw, a later read a higher one', async () => {
    const token = await org.tokenFor('Manager');
    const read = async () =>
      (await gql(app, `query($id: ID!) { projectSummary(projectId: $id) { version } }`, { id: projectId }, { token }))
        .data?.projectSummary.version as string;
    const before = await read();
    // Any commit in between: the next read saw it.
    await app.sql(`UPDATE projects SET updated_at = now() WHERE id = $1`, [projectId]);
    expect(compareSummaryVersions(await read(), before)).toBeGreaterThan(0);
  });
});

describe("the stepper's List Import summary", () => {
  const PREVIEW = `query($p: ID!, $l: ID!) { projectListImportSummary(projectId: $p, listId: $l) {
    rowsCount texts duplicates invalids optOuts excluded { key count } } }`;

  it("counts what the load will leave out, the client's opt-outs included, as the project's summary then does", async () => {
    // The list's own count knows the organization's opt-outs as they were when it loaded, no client's (the stepper
    // showed it: "Opt-outs 0", then the load left 44 client opt-outs out).
    const listId = await loadedList(app, org.id, SHEET);
    await optOut(app, org.id, '6175550106', org.clientId);
    const id = await makeProject(app, org.id, { clientId: org.clientId, listId, message: 'Hi {firstName}' });
    await addSender(app, org.id, id, '3125550802', { primary: true });
    const token = await org.tokenFor('Manager');
    const { rows: kept } = await app.sql(`SELECT opted_out_rows_count FROM lists WHERE id = $1`, [listId]);
    expect(kept[0].opted_out_rows_count).toBe(1);

    const preview = await gql(app, PREVIEW, { p: id, l: listId }, { token });
    expect(preview.errors).toBeUndefined();
    expect(preview.data?.projectListImportSummary).toEqual({
      rowsCount: 8,
      texts: 2,
      duplicates: 1,
      invalids: 2,
      optOuts: 3,
      excluded: [
        { key: 'Duplicate', count: 1 },
        { key: 'Invalid', count: 2 },
        { key: 'OrganizationOptOut', count: 1 },
        { key: 'ClientOptOut', count: 2 },
      ],
    });
    await runProjectLoad(app.platform, { organizationId: org.id, userId: null }, id);
    const loaded = await gql(
      app,
      `query($id: ID!) { projectSummary(projectId: $id) { totalTexts excluded { key count }
        listSummary { duplicates invalids optOuts } } }`,
      { id },
      { token },
    );
    expect(loaded.data?.projectSummary).toEqual({
      totalTexts: 2,
      excluded: preview.data?.projectListImportSummary.excluded,
      listSummary: { duplicates: 1, invalids: 2, optOuts: 3 },
    });
  });

  it('is nothing for a project or list the viewer may not see', async () => {
    const listId = await loadedList(app, org.id, SHEET);
    const client = await gql(
      app,
      PREVIEW,
      { p: otherClientsProject, l: listId },
      { token: await org.tokenFor('Client') },
    );
    expect(client.data?.projectListImportSummary).toBeNull();
    const elsewhere = await gql(app, PREVIEW, { p: projectId, l: listId }, { token: await other.tokenFor('Manager') });
    expect(elsewhere.data?.projectListImportSummary).toBeNull();
  });
});
