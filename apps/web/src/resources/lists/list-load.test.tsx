import { act, screen, waitFor } from '@testing-library/react';
import { listErrorMessages } from '@canvass/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findAlert } from '../../test/screen-reads';
import { callsTo, renderResources } from '../../test/render-resources';
import { LIST_POLL_MS } from './use-list-load';

const counts = {
  rowsCount: 5,
  validRowsCount: 3,
  invalidRowsCount: 1,
  duplicateRowsCount: 1,
  optedOutRowsCount: 0,
  doNotContactRowsCount: 0,
  optimizedRowsCount: 3,
};
const listRecord = {
  __typename: 'List',
  id: '8',
  name: 'Voters',
  googleSheetKey: null,
  uploadId: '3',
  listStatus: 'Loading',
  loadErrorMessage: null,
  lastLoadedAt: null,
  ...counts,
  createdAt: '2025-03-04T15:06:00.000Z',
  isFavorite: false,
  can: { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: true },
};
const task = (processed: number) => ({
  __typename: 'BackgroundTask',
  id: '90',
  status: 'Running',
  processed,
  total: 5,
});
const state = (over: Record<string, unknown>) => ({
  ...listRecord,
  uploadFilename: 'voters.csv',
  loadTask: task(2),
  sheetId: null,
  sheets: [],
  rowColumns: [],
  ...over,
});

/** The list's answers to ListState, one per re-check, the last repeated. */
function renderList(answers: Record<string, unknown>[]) {
  let asked = 0;
  return renderResources('/lists/8/overview', {
    List: () => ({ data: { list: listRecord } }),
    ListState: () => ({ data: { list: state(answers[Math.min(asked++, answers.length - 1)]) } }),
  });
}

const figure = (label: string) => screen.getByLabelText(label, { selector: 'p' }).textContent;

describe('a list loading on screen', { timeout: 20_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('shows rows processed of total, re-checks every 5 s, and says when the load is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderList([{}, { listStatus: 'Loaded', loadTask: null, lastLoadedAt: '2025-03-05T10:00:00Z' }]);
    expect((await screen.findByText('2 of 5 rows processed', {}, { timeout: 8000 })).textContent).toBe(
      '2 of 5 rows processed',
    );
    expect(screen.getByLabelText('List status').textContent).toBe('Loading');
    const asked = callsTo(calls, 'ListState').length;

    await act(() => vi.advanceTimersByTimeAsync(LIST_POLL_MS));
    await waitFor(() => expect(callsTo(calls, 'ListState').length).toBeGreaterThan(asked));
    expect(await findAlert('List loaded successfully')).toEqual({ title: null, message: 'List loaded successfully' });
    expect(screen.getByLabelText('List status').textContent).toBe('Loaded');
    expect(screen.queryByText(/rows processed/)).toBeNull();
    // The overview's stored counts, and spec §9's Optimized % (100 × (1 − 3 / 5), truncated).
    expect(figure('Rows')).toBe('5');
    expect(figure('Duplicates')).toBe('1');
    expect(figure('Optimized %')).toBe('40%');
    // The source is the uploaded file, by its name.
    expect(screen.getByText('voters.csv').textContent).toBe('voters.csv');

    // Loaded: no more re-checks.
    const settled = callsTo(calls, 'ListState').length;
    await act(() => vi.advanceTimersByTimeAsync(3 * LIST_POLL_MS));
    expect(callsTo(calls, 'ListState').length).toBe(settled);
  });

  it("names the list's own error when a load fails, on the toast and the overview", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const failed = {
      listStatus: 'ErrorMultiplePhoneNumbersSelected',
      loadErrorMessage: listErrorMessages.ErrorMultiplePhoneNumbersSelected,
    };
    renderList([{}, failed]);
    await screen.findByText('2 of 5 rows processed', {}, { timeout: 8000 });
    await act(() => vi.advanceTimersByTimeAsync(LIST_POLL_MS));
    const toast = await findAlert(listErrorMessages.ErrorMultiplePhoneNumbersSelected);
    expect(toast.title).toBe('Error loading list');
    expect(screen.getByText('The last load failed').textContent).toBe('The last load failed');
  });

  it('a failed load reads as words: the badge short, the reason one sentence with one full stop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reason = 'The workbook could not be read: open it in Excel, save it again as an Excel workbook (.xlsx).';
    renderList([{}, { listStatus: 'ErrorUnableToProcessTheFile', loadErrorMessage: reason }]);
    await screen.findByText('2 of 5 rows processed', {}, { timeout: 8000 });
    await act(() => vi.advanceTimersByTimeAsync(LIST_POLL_MS));
    await findAlert(reason);
    expect(screen.getByLabelText('List status').textContent).toBe('File unreadable');
    const overview = screen.getByText('The last load failed').closest('.mantine-Alert-root');
    expect(overview?.textContent).toContain(`${reason} Fix it in General`);
    expect(overview?.textContent).not.toContain('..');
  });

  it("shows spec §8's words for the generic Error status", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderList([{}, { listStatus: 'Error', loadErrorMessage: 'connection reset' }]);
    await screen.findByText('2 of 5 rows processed', {}, { timeout: 8000 });
    await act(() => vi.advanceTimersByTimeAsync(LIST_POLL_MS));
    const toast = await findAlert('There was an error loading the list, please, try again later');
    expect(toast.title).toBe('Error loading list');
  });
});
