import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, renderResources } from '../../ui/test-render';
import { can, quietLifecycle } from './project-fixtures.test-utils';

// The page's socket (graphql-ws): each subscription's payload and sink are kept, so the test pushes summaries.
type Sink = { next(value: unknown): void; complete(): void };
const live = vi.hoisted(() => ({ subscribed: [] as { query: string; variables?: unknown }[], sinks: [] as Sink[] }));
vi.mock('graphql-ws', () => ({
  createClient: () => ({
    subscribe(payload: { query: string; variables?: unknown }, sink: Sink) {
      live.subscribed.push(payload);
      live.sinks.push(sink);
      return () => {};
    },
  }),
}));

const count = (key: string, n: number) => ({ __typename: 'ProjectSummaryCount', key, count: n });
const summary = (textStatus: ReturnType<typeof count>[], pauseReason: string | null = null) => ({
  __typename: 'ProjectSummary',
  projectId: '12',
  loadedAt: '2026-11-20T10:00:00Z',
  loadErrorMessage: null,
  pauseReason,
  projectStatus: 'Sending',
  rowsCount: 3,
  totalTexts: textStatus.reduce((a, c) => a + c.count, 0),
  duplicatePhones: 0,
  invalidPhones: 0,
  optOutPhones: 0,
  textStatus,
  textsPerProvider: [count('Simulator', 3)],
  excluded: [],
  areaCodes: { __typename: 'ProjectAreaCodeUsage', areaCodesCount: 1, total: 3, top: [count('212', 3)] },
  listSummary: { __typename: 'ProjectListSummary', duplicates: 0, invalids: 0, optOuts: 0 },
  insights: [],
  senders: [],
});

const project = (projectStatus: string) => ({
  ...quietLifecycle(projectStatus, 'Other'),
  name: 'Spring turnout',
  message: 'Hi',
  clientId: '3',
  client: { __typename: 'Reference', id: '3', name: 'Acme PAC' },
  listId: '8',
  isFavorite: false,
  can,
});

const handlers = (projectStatus: string) => ({
  Project: () => ({ data: { project: project(projectStatus) } }),
  ProjectLifecycle: () => ({ data: { project: quietLifecycle(projectStatus, 'Other') } }),
  ProjectSummary: () => ({ data: { projectSummary: summary([count('Ready', 3)]) } }),
  ProjectOverviewCounts: () => ({
    data: { list: { __typename: 'List', id: '8', validRowsCount: 3, optimizedRowsCount: 3 } },
  }),
  ApplicablePrices: () => ({ data: { applicablePrices: [] } }),
});

const statusRows = () =>
  within(screen.getByRole('table', { name: 'Text status' }))
    .getAllByRole('row')
    .map((r) => r.textContent);

describe("a sending project's overview", { timeout: 20_000 }, () => {
  it('moves its counts as the server pushes them, and shows why sending paused by itself', async () => {
    const { calls } = renderResources('/projects/12/overview', handlers('Sending'));
    const summaries = await screen.findByRole('region', { name: 'Summaries' }, { timeout: 8000 });
    expect((await within(summaries).findByLabelText('Total texts')).textContent).toBe('3');
    await waitFor(() =>
      expect(live.subscribed.find((s) => s.query.includes('projectSendingProgress'))?.variables).toEqual({
        projectId: '12',
      }),
    );
    const push = (value: object) => act(() => live.sinks.at(-1)!.next({ data: { projectSendingProgress: value } }));

    push(summary([count('Sent', 2), count('Ready', 1)]));
    await waitFor(() => expect(statusRows()).toEqual(['Sent2', 'Ready1']));
    push(summary([count('Delivered', 2), count('Failed', 1)]));
    await waitFor(() => expect(statusRows()).toEqual(['Delivered2', 'Failed1']));
    expect(within(summaries).getByLabelText('Total texts').textContent).toBe('3');
    expect(screen.queryByRole('alert', { name: 'Sending paused' })).toBeNull();
    // The texts sent, delivered and failed per second, measured over the pushes (sending-rates.test.ts has the sums).
    const now = await within(summaries).findByLabelText('Sending now', {}, { timeout: 3000 });
    expect(
      within(now)
        .getAllByText(/per second$/)
        .map((label) => label.textContent),
    ).toEqual(['Sent per second', 'Delivered per second', 'Failed per second']);

    // Carriers blocked every sender: the reason shows, and the project's status and actions are read again.
    const reads = callsTo(calls, 'ProjectLifecycle').length;
    push(summary([count('Delivered', 2), count('Failed', 1)], 'Sending paused: add an active number, then resume.'));
    const alert = await screen.findByRole('alert', { name: 'Sending paused' });
    // Said once: the reason carries the words, the alert adds no title repeating them.
    expect(alert.textContent).toBe('Sending paused: add an active number, then resume.');
    await waitFor(() => expect(callsTo(calls, 'ProjectLifecycle').length).toBeGreaterThan(reads));
  });

  it('does not follow a project that is not sending', async () => {
    live.subscribed.length = 0;
    renderResources('/projects/12/overview', handlers('Ready'));
    const summaries = await screen.findByRole('region', { name: 'Summaries' }, { timeout: 8000 });
    expect((await within(summaries).findByLabelText('Total texts')).textContent).toBe('3');
    expect(live.subscribed.filter((s) => s.query.includes('projectSendingProgress'))).toEqual([]);
    expect(within(summaries).queryByLabelText('Sending now')).toBeNull();
  });
});

describe("a sending project's insights tab", { timeout: 20_000 }, () => {
  it('reads its pace again as the server pushes that texts moved', async () => {
    // What the server has counted so far: the pace grows between reads, as texts go out.
    let sentSoFar = 0;
    const { calls } = renderResources('/projects/12/insights', {
      ...handlers('Sending'),
      ProjectTextInsights: () => ({
        data: {
          projectTextInsights: sentSoFar
            ? [
                {
                  __typename: 'TextInsight',
                  provider: 'Simulator',
                  time: '2026-11-20T10:00:00Z',
                  sentByMinute: sentSoFar,
                  averagePerSecond: Math.round((sentSoFar / 60) * 100) / 100,
                },
              ]
            : [],
        },
      }),
    });
    const pace = await screen.findByLabelText('Sending pace', {}, { timeout: 8000 });
    expect(pace.textContent).toContain('No texts sent yet.');
    await waitFor(() =>
      expect(live.subscribed.find((s) => s.query.includes('projectSendingProgress'))?.variables).toEqual({
        projectId: '12',
      }),
    );
    const push = (value: object) => act(() => live.sinks.at(-1)!.next({ data: { projectSendingProgress: value } }));

    sentSoFar = 2;
    push(summary([count('Sent', 2), count('Ready', 1)]));
    await waitFor(() => expect(within(pace).getByLabelText('Texts sent').textContent).toMatch(/^2 sent/));
    // A push soon after is read too, once the short wait between reads is over: the last texts are never missed.
    sentSoFar = 3;
    push(summary([count('Sent', 3)]));
    await waitFor(() => expect(within(pace).getByLabelText('Texts sent').textContent).toMatch(/^3 sent/), {
      timeout: 5000,
    });
    expect(callsTo(calls, 'ProjectTextInsights')).toHaveLength(3);
  });
});
