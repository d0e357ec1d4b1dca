import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';
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
// Each read's snapshot (the server's version): later reads higher, unless a test says otherwise.
let reads = 100;
const summary = (
  textStatus: ReturnType<typeof count>[],
  pauseReason: string | null = null,
  version = `${++reads}.0`,
) => ({
  __typename: 'ProjectSummary',
  projectId: '12',
  version,
  loadedAt: '2026-11-20T10:00:00Z',
  loadErrorMessage: null,
  pauseReason,
  projectStatus: 'Sending',
  rowsCount: 3,
  totalTexts: textStatus.reduce((a, c) => a + (c.key === 'Received' ? 0 : c.count), 0),
  receivedTexts: textStatus.reduce((a, c) => a + (c.key === 'Received' ? c.count : 0), 0),
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

  it('never shows an older state than one it showed: a late push or a cached answer is set aside', async () => {
    renderResources('/projects/12/overview', handlers('Sending'));
    await screen.findByRole('region', { name: 'Summaries' }, { timeout: 8000 });
    await waitFor(() =>
      expect(live.subscribed.filter((s) => s.query.includes('projectSendingProgress')).length).toBeGreaterThan(0),
    );
    const push = (value: object) => act(() => live.sinks.at(-1)!.next({ data: { projectSendingProgress: value } }));

    push(summary([count('Queued', 1864), count('Ready', 136)], null, '500.0'));
    await waitFor(() => expect(statusRows()).toEqual(['Queued1,864', 'Ready136']));
    // Read before the one shown (a lower snapshot), delivered after it: Queued 1,864 → 1,243 must not happen.
    push(summary([count('Queued', 1243), count('Ready', 757)], null, '499.0'));
    expect(statusRows()).toEqual(['Queued1,864', 'Ready136']);
    // Of one snapshot the later has fewer transactions still running: 500.2 saw less than 500.0.
    push(summary([count('Queued', 1500), count('Ready', 500)], null, '500.2'));
    expect(statusRows()).toEqual(['Queued1,864', 'Ready136']);
    push(summary([count('Queued', 1789), count('Delivered', 211)], null, '501.0'));
    await waitFor(() => expect(statusRows()).toEqual(['Queued1,789', 'Delivered211']));
    // The answer cached from the first read (version 101.0 or so) does not come back either.
    expect(statusRows()).not.toContain('Ready3');
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
