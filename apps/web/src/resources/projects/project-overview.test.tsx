import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';
import { can, quietLifecycle } from './project-fixtures.test-utils';

const project = {
  __typename: 'Project',
  id: '12',
  name: 'Spring turnout',
  projectType: 'GetOutToVote',
  clientId: '3',
  client: { __typename: 'Reference', id: '3', name: 'Acme PAC' },
  managerId: '42',
  projectStatus: 'Ready',
  projectStatusGroup: 'Ready',
  deliveryType: 'External',
  campaignType: 'Registered',
  pricingType: 'Blended',
  mediaUrl: null,
  listId: '8',
  // Names no client and carries no opt-out language, and goes through a public shortener.
  message: 'Vote on Tuesday! https://bit.ly/x1',
  listCount: 3,
  createdAt: '2026-11-01T10:00:00Z',
  isFavorite: false,
  can,
};
const lifecycle = quietLifecycle('Ready', 'Ready');
const price = (messagingServiceType: string, campaignType: string, isSent: boolean, value: string | null) => ({
  __typename: 'ApplicablePrice',
  messagingServiceType,
  campaignType,
  isSent,
  price: value,
  level: value ? 'Client' : null,
  startAt: value ? '2026-01-01T00:00:00Z' : null,
  headerPrice: isSent ? '0.035' : '0.02',
});
const count = (key: string, n: number) => ({ __typename: 'ProjectSummaryCount', key, count: n });
const summary = {
  __typename: 'ProjectSummary',
  projectId: '12',
  loadedAt: '2026-11-20T10:00:00Z',
  loadErrorMessage: null,
  rowsCount: 1200,
  totalTexts: 1000,
  duplicatePhones: 120,
  invalidPhones: 50,
  optOutPhones: 30,
  textStatus: [count('Ready', 1000)],
  textsPerProvider: [count('Twilio', 600), count('Bandwidth', 400)],
  excluded: [count('Duplicate', 120), count('Invalid', 50), count('OrganizationOptOut', 30)],
  areaCodes: {
    __typename: 'ProjectAreaCodeUsage',
    areaCodesCount: 7,
    total: 1000,
    top: [count('212', 400), count('718', 300), count('917', 150), count('646', 100), count('347', 30)],
  },
  listSummary: { __typename: 'ProjectListSummary', duplicates: 120, invalids: 50, optOuts: 30 },
  insights: [],
  senders: [],
};

describe('a project overview', { timeout: 20_000 }, () => {
  it('shows the summaries, the estimated cost at the applicable price, and the compliance warnings', async () => {
    const { calls } = renderResources('/projects/12/overview', {
      Project: () => ({ data: { project } }),
      ProjectLifecycle: () => ({ data: { project: lifecycle } }),
      ProjectSummary: () => ({ data: { projectSummary: summary } }),
      ProjectOverviewCounts: () => ({
        data: { list: { __typename: 'List', id: '8', validRowsCount: 1, optimizedRowsCount: 1 } },
      }),
      ApplicablePrices: () => ({
        data: {
          applicablePrices: [
            price('SMS', 'Registered', true, '0.0400'),
            price('SMS', 'Registered', false, null),
            price('MMS', 'Registered', true, null),
          ],
        },
      }),
    });
    const summaries = await screen.findByRole('region', { name: 'Summaries' }, { timeout: 5000 });
    expect((await within(summaries).findByLabelText('Total texts')).textContent).toBe('1,000');
    // The project's fields, without its phones, teams and texters: rows of ids that their own tabs name.
    const labels = [...document.querySelectorAll('.mantine-SimpleGrid-root > div > p:first-child')].map(
      (p) => p.textContent,
    );
    expect(labels).toContain('Manager');
    expect(labels).not.toContain('Phones');
    expect(labels).not.toContain('Texters');
    expect(within(summaries).getByLabelText('Duplicate phones').textContent).toBe('120');
    expect(within(summaries).getByLabelText('Opt-out phones').textContent).toBe('30');
    const areaCodes = within(summaries).getByRole('table', { name: 'Area codes (top 5)' });
    expect(within(areaCodes).getAllByRole('row').at(-1)?.textContent).toBe('Total1,000');

    // Loaded: the estimate counts the 1,000 texts the load made, one GSM-7 segment each, at the client's $0.04.
    const card = screen.getByRole('region', { name: 'Message and cost' });
    expect((await within(card).findByText(/^Estimated cost/)).textContent).toContain('Estimated cost $40.00');
    const warnings = within(card).getByRole('list', { name: 'Message warnings' });
    expect(warnings.textContent).toMatch(/bit\.ly/);
    expect(callsTo(calls, 'ApplicablePrices')[0].variables).toMatchObject({ projectId: '12' });
  });

  it('says a project not loaded yet has no summaries, instead of showing zeros', async () => {
    renderResources('/projects/12/overview', {
      Project: () => ({ data: { project } }),
      ProjectLifecycle: () => ({ data: { project: lifecycle } }),
      ProjectSummary: () => ({
        data: { projectSummary: { ...summary, loadedAt: null, totalTexts: 0, textStatus: [], textsPerProvider: [] } },
      }),
      ProjectOverviewCounts: () => ({
        data: { list: { __typename: 'List', id: '8', validRowsCount: 250, optimizedRowsCount: 90 } },
      }),
      ApplicablePrices: () => ({ data: { applicablePrices: [price('SMS', 'Registered', true, null)] } }),
    });
    const summaries = await screen.findByRole('region', { name: 'Summaries' }, { timeout: 5000 });
    await within(summaries).findByText('Not loaded yet: the summaries appear once the project is loaded.');
    // Blended, not loaded: the list's 250 valid rows at the header price $0.035.
    const card = screen.getByRole('region', { name: 'Message and cost' });
    expect((await within(card).findByText(/^Estimated cost/)).textContent).toContain('Estimated cost $8.75');
  });
});

describe("a project overview's sender numbers", { timeout: 20_000 }, () => {
  it("shows each sender's delivery and warns, in words to act on, about one whose failures are rising", async () => {
    const sender = (phoneId: string, number: string, sent: number, delivered: number, failed: number) => ({
      __typename: 'ProjectSender',
      phoneId,
      number,
      provider: 'Twilio',
      sent,
      delivered,
      failed,
      deliveryRate: delivered + failed ? delivered / (delivered + failed) : null,
      highFailureRate: failed / (delivered + failed) >= 0.1 && delivered + failed >= 50,
    });
    renderResources('/projects/12/overview', {
      Project: () => ({ data: { project } }),
      ProjectLifecycle: () => ({ data: { project: lifecycle } }),
      ProjectSummary: () => ({
        data: {
          projectSummary: {
            ...summary,
            senders: [
              sender('5', '3125550702', 100, 98, 2),
              sender('4', '3125550701', 63, 54, 6),
              sender('6', '3125550704', 0, 0, 0),
            ],
          },
        },
      }),
      ProjectOverviewCounts: () => ({
        data: { list: { __typename: 'List', id: '8', validRowsCount: 1, optimizedRowsCount: 1 } },
      }),
      ApplicablePrices: () => ({ data: { applicablePrices: [price('SMS', 'Registered', true, null)] } }),
    });
    const summaries = await screen.findByRole('region', { name: 'Summaries' }, { timeout: 5000 });
    const table = await within(summaries).findByRole('table', { name: 'Sender numbers' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['(312)-555-0702', 'Twilio', '100', '98', '2', '98.0%', ''],
      ['(312)-555-0701', 'Twilio', '63', '54', '6', '90.0%', 'High failure rate'],
      ['(312)-555-0704', 'Twilio', '0', '0', '0', '—', ''],
    ]);
    const alert = within(summaries).getByRole('alert', { name: 'High failure rate' });
    expect(alert.textContent).toContain(
      '(312)-555-0701: Failures from this number are rising: the carrier may block it. Consider pausing it or the project.',
    );
  });
});

describe('the insights tab', { timeout: 20_000 }, () => {
  it('charts how fast the texts went out per provider, minute by minute', async () => {
    const insight = (provider: string, time: string, sent: number) => ({
      __typename: 'TextInsight',
      provider,
      time,
      sentByMinute: sent,
      averagePerSecond: Math.round((sent / 60) * 100) / 100,
    });
    const { calls } = renderResources('/projects/12/insights', {
      Project: () => ({ data: { project } }),
      ProjectLifecycle: () => ({ data: { project: lifecycle } }),
      ProjectSummary: () => ({ data: { projectSummary: summary } }),
      ProjectTextInsights: () => ({
        data: {
          projectTextInsights: [
            insight('Simulator', '2026-11-20T10:00:00Z', 600),
            insight('Twilio', '2026-11-20T10:00:00Z', 120),
            insight('Simulator', '2026-11-20T10:01:00Z', 300),
          ],
        },
      }),
    });
    const pace = await screen.findByLabelText('Sending pace', {}, { timeout: 5000 });
    expect(within(pace).getByText(/1,020 sent/).textContent).toContain('at most 10 per second');
    expect(callsTo(calls, 'ProjectTextInsights')[0].variables).toMatchObject({ projectId: '12' });
  });
});
