import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, renderApp, signedInAs } from '../../test/fake-app';
import { cellTexts, findAlert } from '../../test/screen-reads';

vi.mock('../../resources/routes', () => ({ resourceRoutes: () => [] }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const platform = { id: '1', name: 'Canvass Platform', domain: 'canvass.app', timeZone: 'UTC' };
const failed = {
  id: '31',
  taskIdentifier: 'send-mail',
  state: 'Failed',
  attempts: 5,
  maxAttempts: 5,
  lastError: 'SMTP refused the message',
  runAt: '2026-11-23T10:00:00Z',
};
const waiting = { ...failed, id: '32', taskIdentifier: 'export-list', state: 'Waiting', attempts: 0, lastError: null };

describe('QueueMonitorPage', { timeout: 20_000 }, () => {
  it('lists jobs with their errors and retries or removes a failed one', async () => {
    const admin = buildUser({ isAdmin: true, currentOrganization: platform, organizations: [platform] });
    const { calls } = renderApp('/admin/queue', {
      RefreshSession: () => ({ data: signedInAs(admin) }),
      QueueJobs: () => ({ data: { queueJobs: [failed, waiting] } }),
      RetryQueueJob: () => ({ data: { retryQueueJob: { success: true, message: 'The job will run again' } } }),
      RemoveQueueJob: () => ({ data: { removeQueueJob: { success: true, message: 'The job has been removed' } } }),
    });
    const row = (await screen.findByText('SMTP refused the message')).closest('tr') as HTMLElement;
    expect(cellTexts(row)).toEqual([
      '31',
      'send-mail',
      'Failed',
      '5 / 5',
      expect.any(String), // when it runs next, in the browser's time zone
      'SMTP refused the message',
      'RetryRemove',
    ]);
    // Only the failed job offers Retry and Remove.
    expect(screen.queryByRole('button', { name: 'Retry job 32' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Retry job 31' }));
    expect(await findAlert('The job will run again')).toEqual({ title: null, message: 'The job will run again' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove job 31' }));
    expect(await findAlert('The job has been removed')).toEqual({
      title: null,
      message: 'The job has been removed',
    });
    expect(calls.filter((c) => c.operationName !== 'QueueJobs' && c.operationName !== 'RefreshSession')).toEqual([
      expect.objectContaining({ operationName: 'RetryQueueJob', variables: { id: '31' } }),
      expect.objectContaining({ operationName: 'RemoveQueueJob', variables: { id: '31' } }),
    ]);
  });

  it('asks nothing of the server for a user who is not a platform admin', async () => {
    const { calls } = renderApp('/admin/queue', { RefreshSession: () => ({ data: signedInAs(buildUser()) }) });
    expect((await screen.findByText(/^The queue monitor is for/)).textContent).toBe(
      'The queue monitor is for platform administrators.',
    );
    expect(calls.some((c) => c.operationName === 'QueueJobs')).toBe(false);
  });
});
