import { act, screen, waitFor } from '@testing-library/react';
import { projectStatusGroup, type ProjectStatusValue } from '@canvass/domain';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';
import { quietLifecycle } from './project-fixtures.test-utils';

// The page's socket (graphql-ws, loaded with the first subscription): each subscription's sink is kept, so the test
// pushes the load task's states when it chooses.
type Sink = { next(value: unknown): void; complete(): void };
const live = vi.hoisted(() => ({ subscribed: [] as unknown[], sinks: [] as Sink[] }));
vi.mock('graphql-ws', () => ({
  createClient: () => ({
    subscribe(payload: { variables?: unknown }, sink: Sink) {
      live.subscribed.push(payload.variables);
      live.sinks.push(sink);
      return () => {};
    },
  }),
}));
const push = (value: object) =>
  act(() => {
    live.sinks.at(-1)!.next({ data: { backgroundTaskChanged: value } });
  });

const task = (status: string, processed: number) => ({
  __typename: 'BackgroundTask',
  id: '90',
  status,
  processed,
  total: 5,
  errorMessage: null,
  downloadUrl: null,
  filename: null,
});

const lifecycle = (status: ProjectStatusValue, loadTask: object) => ({
  ...quietLifecycle(status, projectStatusGroup(status)),
  loadTask,
});

describe("a project's load followed live", { timeout: 20_000 }, () => {
  it('shows each pushed step of its load task, then the new status, without waiting for the 5 s re-check', async () => {
    let status: ProjectStatusValue = 'Loading';
    const { calls } = renderResources('/projects/12/overview', {
      Project: () => ({
        data: {
          project: {
            ...quietLifecycle('Loading', 'Loading'),
            name: 'Spring turnout',
            message: 'Hi',
            isFavorite: false,
          },
        },
      }),
      ProjectLifecycle: () => ({
        data: { project: lifecycle(status, status === 'Ready' ? task('Done', 5) : task('Running', 0)) },
      }),
    });
    await screen.findByText('0 of 5 rows processed', {}, { timeout: 8000 });
    await waitFor(() => expect(live.subscribed).toContainEqual({ id: '90' }));

    push(task('Running', 1));
    expect((await screen.findByText('1 of 5 rows processed')).textContent).toBe('1 of 5 rows processed');
    push(task('Running', 3));
    expect((await screen.findByText('3 of 5 rows processed')).textContent).toBe('3 of 5 rows processed');

    // The load ends: Done re-reads the project at once, well within the 5 s the fallback would take.
    status = 'Ready';
    const reads = callsTo(calls, 'ProjectLifecycle').length;
    push(task('Done', 5));
    act(() => live.sinks.at(-1)!.complete());
    await waitFor(() =>
      expect(screen.getByLabelText('Project status', { selector: 'div, span' }).textContent).toBe('Ready'),
    );
    expect(callsTo(calls, 'ProjectLifecycle').length).toBeGreaterThan(reads);
    expect(screen.queryByText(/rows processed/)).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Load progress' })).toBeNull();
  });
});
