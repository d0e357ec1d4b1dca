import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listErrorMessages, listMessages } from '@canvass/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../session/token-store';
import { findAlert } from '../../test/screen-reads';
import { fakeUploads } from '../../ui/fake-uploads.test-utils';
import { callsTo, renderResources } from '../../test/render-resources';
import { guessColumnRoles } from './column-roles';

const listRecord = {
  __typename: 'List',
  id: '7',
  name: 'Voters',
  googleSheetKey: null,
  uploadId: '3',
  listStatus: 'Setup',
  loadErrorMessage: null,
  lastLoadedAt: null,
  rowsCount: 0,
  validRowsCount: 0,
  invalidRowsCount: 0,
  duplicateRowsCount: 0,
  optedOutRowsCount: 0,
  doNotContactRowsCount: 0,
  optimizedRowsCount: 0,
  createdAt: '2025-03-04T15:06:00.000Z',
  isFavorite: false,
  can: { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: true },
};
const sheet = { __typename: 'Sheet', id: '11', name: 'voters.csv', headerRowIndex: 0, columnRoles: [], headerRow: [] };
const state = (listStatus = 'Setup') => ({ ...listRecord, listStatus, loadTask: null, sheets: [sheet] });
const preview = [
  ['Cell Phone', 'First Name', 'Last Name', 'City', 'Home phone'],
  ['5551230001', 'Ada', 'Lovelace', 'Albany', '5551230009'],
];
const payload = (errors: unknown[] = [], message: string | null = null) => ({
  __typename: 'ListPayload',
  errors,
  message,
  list: state('Submitted'),
});

function renderPicker(extra: Parameters<typeof renderResources>[1] = {}) {
  return renderResources('/lists/7/edit/basic-info', {
    List: () => ({ data: { list: listRecord } }),
    ListState: () => ({ data: { list: state() } }),
    ListPreview: () => ({ data: { listPreview: preview } }),
    ...extra,
  });
}

const loadButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Load list' });
const roleOf = (header: string) =>
  screen.getByRole<HTMLSelectElement>('combobox', { name: `Role of column ${header}` });

describe('guessColumnRoles', () => {
  it('names the first phone-like and name columns and keeps the rest as columns', () => {
    expect(guessColumnRoles(['Mobile', 'FIRST', 'surname', 'Number', 'Ward', 'Last seen'])).toEqual([
      'Phone',
      'FirstName',
      'LastName',
      'Column',
      'Column',
      'Column',
    ]);
  });
});

describe('ColumnPicker', { timeout: 20_000 }, () => {
  it('pre-guesses the roles from the header names and lists the placeholders', async () => {
    renderPicker();
    await screen.findByRole('table', { name: 'Preview' }, { timeout: 8000 });
    expect(roleOf('Cell Phone').value).toBe('Phone');
    expect(roleOf('First Name').value).toBe('FirstName');
    expect(roleOf('Last Name').value).toBe('LastName');
    expect(roleOf('City').value).toBe('Column');
    // Only one phone: a second phone-like header is kept as a column, so the guess can be loaded as it is.
    expect(roleOf('Home phone').value).toBe('Column');
    expect(screen.getByText(/can be kept/).textContent).toContain('Up to 50 columns can be kept');
    // The kept columns' header names, which messages can insert.
    expect(screen.getByText('Message placeholders (2 of 50):').parentElement?.textContent).toBe(
      'Message placeholders (2 of 50):CityHome phone',
    );
    expect(loadButton().disabled).toBe(false);
  });

  it('says what is wrong with the roles and will not load until it is fixed', async () => {
    const user = userEvent.setup();
    const { calls } = renderPicker();
    await screen.findByRole('table', { name: 'Preview' }, { timeout: 8000 });
    await user.selectOptions(roleOf('Home phone'), 'Phone');
    expect((await findAlert(listErrorMessages.ErrorMultiplePhoneNumbersSelected)).title).toBe('Before loading');
    expect(loadButton().disabled).toBe(true);

    await user.selectOptions(roleOf('Home phone'), 'Skip');
    await user.selectOptions(roleOf('Cell Phone'), 'Skip');
    expect((await findAlert(listErrorMessages.ErrorUnableToSelectAPhoneNumber)).title).toBe('Before loading');
    await user.selectOptions(roleOf('City'), 'FirstName');
    expect((await findAlert(listErrorMessages.ErrorMultipleNamesSelected)).title).toBe('Before loading');
    expect(loadButton().disabled).toBe(true);
    expect(callsTo(calls, 'SetListColumns')).toHaveLength(0);
  });

  it('saves the roles and starts the load, then shows the list overview', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPicker({
      SetListColumns: () => ({ data: { setListColumns: payload() } }),
      LoadList: () => ({ data: { loadList: payload([], 'The list is being loaded') } }),
    });
    await screen.findByRole('table', { name: 'Preview' }, { timeout: 8000 });
    await user.selectOptions(roleOf('City'), 'Skip');
    await user.click(screen.getByRole('button', { name: 'Load list' }));
    await waitFor(() => expect(callsTo(calls, 'LoadList')).toHaveLength(1));
    expect(callsTo(calls, 'SetListColumns')[0].variables).toEqual({
      listId: '7',
      sheetId: '11',
      headerRowIndex: 0,
      columnRoles: ['Phone', 'FirstName', 'LastName', 'Skip', 'Column'],
    });
    expect(callsTo(calls, 'LoadList')[0].variables).toEqual({ listId: '7' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/lists/7/overview'));
  });

  it("shows the server's refusal on the form and as a toast, and does not load", async () => {
    const user = userEvent.setup();
    const refusal = [{ field: 'columnRoles', messages: ["Choose one role for each of the sheet's 6 columns"] }];
    const { calls } = renderPicker({ SetListColumns: () => ({ data: { setListColumns: payload(refusal) } }) });
    await screen.findByRole('table', { name: 'Preview' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Load list' }));
    const toast = await findAlert("Column roles: Choose one role for each of the sheet's 6 columns.");
    expect(toast.title).toBe('Error loading list');
    // On the form, in the words a staffer reads, beside the roles it is about.
    expect((await findAlert("Choose one role for each of the sheet's 6 columns")).title).toBe('Before loading');
    expect(callsTo(calls, 'LoadList')).toHaveLength(0);
  });
});

describe("a failed list's General tab", { timeout: 20_000 }, () => {
  afterEach(() => setAccessToken(null));

  it('says why and takes the file again: uploaded, read by the list in place of its own, its sheets offered', async () => {
    const user = userEvent.setup();
    setAccessToken('token-1');
    const reason = 'The workbook could not be read: open it in Excel, save it again as an Excel workbook (.xlsx).';
    const failed = { ...state('ErrorUnableToProcessTheFile'), loadErrorMessage: reason, sheets: [] };
    let current: Record<string, unknown> = failed;
    const sent = fakeUploads({ status: 200, body: { uploadId: '78' } });
    const { calls } = renderPicker({
      ListState: () => ({ data: { list: current } }),
      ReplaceListFile: () => {
        current = state();
        return {
          data: {
            replaceListFile: {
              __typename: 'ListPayload',
              errors: [],
              message: listMessages.fileReplaced,
              list: current,
            },
          },
        };
      },
    });
    expect((await screen.findByText(reason, {}, { timeout: 8000 })).textContent).toBe(reason);
    expect(screen.queryByText('No sheets')).toBeNull();

    const file = new File(['Phone,First\n2125550101,Ada\n'], 'voters-fixed.csv', { type: 'text/csv' });
    const again = screen.getByRole('group', { name: 'Upload the file again' });
    await user.upload(again.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await user.click(screen.getByRole('button', { name: 'Upload again' }));

    expect((await findAlert(listMessages.fileReplaced)).message).toBe(listMessages.fileReplaced);
    expect(sent.map((s) => [s.url, s.file])).toEqual([['/api/uploads', file]]);
    expect(callsTo(calls, 'ReplaceListFile')[0].variables).toEqual({ listId: '7', uploadId: '78' });
    // The new file's sheet is offered for its column roles.
    await screen.findByRole('table', { name: 'Preview' }, { timeout: 8000 });
  });
});
