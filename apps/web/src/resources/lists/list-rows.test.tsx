import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';

const can = { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: true };
const list = {
  __typename: 'List',
  id: '8',
  name: 'Voters',
  googleSheetKey: null,
  uploadId: '3',
  uploadFilename: 'voters.csv',
  listStatus: 'Loaded',
  loadErrorMessage: null,
  lastLoadedAt: '2025-03-05T10:00:00Z',
  rowsCount: 2,
  validRowsCount: 1,
  invalidRowsCount: 1,
  duplicateRowsCount: 0,
  optedOutRowsCount: 0,
  doNotContactRowsCount: 0,
  optimizedRowsCount: 1,
  createdAt: '2025-03-04T15:06:00.000Z',
  isFavorite: false,
  can,
  loadTask: null,
  sheetId: '4',
  // The sheet kept a last name and two further columns, but no first name.
  sheets: [
    {
      __typename: 'ListSheet',
      id: '4',
      name: 'voters',
      headerRowIndex: 0,
      columnRoles: ['Phone', 'LastName', 'Column', 'Column'],
      headerRow: ['Precinct', 'Email'],
    },
  ],
  rowColumns: [
    { __typename: 'ListRowColumn', field: 'columnOne', header: 'Precinct' },
    { __typename: 'ListRowColumn', field: 'columnTwo', header: 'Email' },
  ],
};
const rowOf = (id: string, over: Record<string, unknown>) => ({
  __typename: 'Row',
  id,
  toPhoneNumber: null,
  rawPhoneNumber: null,
  firstName: null,
  lastName: null,
  state: null,
  rowStatus: 'Valid',
  columnOne: null,
  columnTwo: null,
  ...over,
});

describe("a list's rows tab", { timeout: 20_000 }, () => {
  it("shows the kept columns under the sheet's header names, and no name column the sheet does not have", async () => {
    const { calls } = renderResources('/lists/8/rows', {
      List: () => ({ data: { list } }),
      ListState: () => ({ data: { list } }),
      Rows: () => ({
        data: {
          rows: {
            __typename: 'RowConnection',
            totalCount: 2,
            totalCountIsCapped: false,
            pageInfo: {
              __typename: 'PageInfo',
              hasNextPage: false,
              hasPreviousPage: false,
              startCursor: 'a',
              endCursor: 'b',
            },
            nodes: [
              rowOf('1', {
                toPhoneNumber: '2125550101',
                lastName: 'Lovelace',
                state: 'NY',
                columnOne: '12',
                columnTwo: 'ada@example.org',
              }),
              rowOf('2', { rawPhoneNumber: '5.55123E+09', lastName: 'Ray', rowStatus: 'Invalid', columnOne: '13' }),
            ],
          },
        },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Rows' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Phone', 'Last name', 'State', 'Status', 'Precinct', 'Email']);
    await within(table).findByText('ada@example.org');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['(212)-555-0101', 'Lovelace', 'NY', 'Valid', '12', 'ada@example.org'],
      ['5.55123E+09', 'Ray', '—', 'Invalid', '13', '—'],
    ]);
    // Spec §9: 20 rows a page.
    expect(callsTo(calls, 'Rows')[0].variables).toMatchObject({ first: 20 });
  });

  it('filters the rows by their status: Valid, Invalid or Duplicate, and all again', async () => {
    const { calls } = renderResources('/lists/8/rows', {
      List: () => ({ data: { list } }),
      ListState: () => ({ data: { list } }),
      Rows: () => ({
        data: {
          rows: {
            __typename: 'RowConnection',
            totalCount: 0,
            totalCountIsCapped: false,
            pageInfo: {
              __typename: 'PageInfo',
              hasNextPage: false,
              hasPreviousPage: false,
              startCursor: null,
              endCursor: null,
            },
            nodes: [],
          },
        },
      }),
    });
    await screen.findByRole('table', { name: 'Rows' });
    const statusFilter = (filters: unknown) =>
      (filters as { field: string; value: string }[]).find((f) => f.field === 'rowStatus')?.value ?? null;
    const lastFilter = () => statusFilter(callsTo(calls, 'Rows').at(-1)?.variables.filters);
    expect(lastFilter()).toBeNull();
    for (const status of ['Invalid', 'Duplicate', 'Valid']) {
      await userEvent.click(screen.getByRole('radio', { name: status }));
      await waitFor(() => expect(lastFilter()).toBe(status));
    }
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(lastFilter()).toBeNull());
    // Still the list's rows only.
    expect(callsTo(calls, 'Rows').at(-1)?.variables.filters).toEqual([
      { field: 'listId', operation: 'Equal', value: '8' },
    ]);
  });
});
