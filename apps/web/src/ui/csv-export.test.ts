import { notifications } from '@mantine/notifications';
import { messages } from '@canvass/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGraphqlClient } from '../session/graphql';
import { installFakeServer } from '../test/fake-app';
import { runCsvExport } from './csv-export';
import { fakeSocket, noSocket } from './follow-task.test-utils';

const task = (status: string, over: object = {}) => ({
  id: 't1',
  status,
  processed: 0,
  total: 10,
  errorMessage: null,
  downloadUrl: null,
  filename: null,
  ...over,
});
const variables = { filters: [], sortBy: 'createdAt', sortOrder: 'Desc' as const };

describe('runCsvExport', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows the export live over the socket, without polling, and opens the file when Done', async () => {
    const update = vi.spyOn(notifications, 'update');
    const calls = installFakeServer({
      ExportCsv: () => ({ data: { exportCsv: { message: null, task: task('Queued') } } }),
    });
    const socket = fakeSocket([
      task('Running', { processed: 4 }),
      task('Done', { processed: 10, downloadUrl: '/files/y.csv', filename: 'clients.csv' }),
    ]);
    const open = vi.fn();
    await runCsvExport(createGraphqlClient({ connectSocket: socket.connect }), 'clients', variables, {
      pollMs: 60_000,
      open,
    });
    expect(socket.subscribed).toEqual([{ id: 't1' }]);
    expect(calls.filter((c) => c.operationName === 'BackgroundTask')).toHaveLength(0);
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ message: `${messages.exportStarted}: 4 of 10` }));
    expect(open).toHaveBeenCalledWith('/files/y.csv');
  });

  it('without a socket, re-fetches the background task until Done, then opens the file and says it is ready', async () => {
    const update = vi.spyOn(notifications, 'update');
    const states = [
      task('Running', { processed: 5 }),
      task('Done', { processed: 10, downloadUrl: '/files/x.csv', filename: 'clients.csv' }),
    ];
    const calls = installFakeServer({
      ExportCsv: () => ({ data: { exportCsv: { message: null, task: task('Queued') } } }),
      BackgroundTask: () => ({ data: { backgroundTask: states.shift() } }),
    });
    const open = vi.fn();
    await runCsvExport(createGraphqlClient({ connectSocket: noSocket }), 'clients', variables, { pollMs: 5, open });

    expect(calls.find((c) => c.operationName === 'ExportCsv')?.variables).toEqual({ query: 'clients', variables });
    expect(calls.filter((c) => c.operationName === 'BackgroundTask')).toHaveLength(2);
    expect(open).toHaveBeenCalledWith('/files/x.csv');
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ message: `${messages.exportStarted}: 5 of 10` }));
    expect(update).toHaveBeenLastCalledWith(expect.objectContaining({ title: messages.exportReady, color: 'green' }));
  });

  it("says 'CSV generation failed' when the task fails", async () => {
    const update = vi.spyOn(notifications, 'update');
    installFakeServer({
      ExportCsv: () => ({ data: { exportCsv: { message: null, task: task('Queued') } } }),
      BackgroundTask: () => ({ data: { backgroundTask: task('Failed', { errorMessage: 'disk full' }) } }),
    });
    const open = vi.fn();
    await runCsvExport(createGraphqlClient({ connectSocket: noSocket }), 'clients', variables, { pollMs: 5, open });
    expect(open).not.toHaveBeenCalled();
    expect(update).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'CSV generation failed', message: 'disk full', color: 'red' }),
    );
  });

  it('fails with the server message when no task is started', async () => {
    const update = vi.spyOn(notifications, 'update');
    installFakeServer({ ExportCsv: () => ({ errors: [{ message: 'You are not allowed to do this' }] }) });
    await runCsvExport(createGraphqlClient({ connectSocket: noSocket }), 'clients', variables, {
      pollMs: 5,
      open: vi.fn(),
    });
    expect(update).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'CSV generation failed', message: 'You are not allowed to do this' }),
    );
  });
});
