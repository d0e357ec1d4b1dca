import type { EnumValue } from './enum';
import type { ListStatus } from './enums';

/** The list statuses a load can end in other than Loaded. */
export type ListErrorStatusName = Extract<EnumValue<typeof ListStatus>, `Error${string}`>;

/** The most columns a sheet may keep besides phone and names: a row has columnOne … columnFifty. */
export const MAX_LIST_COLUMNS = 50;

/**
 * What each list error status means, in words a staffer can act on. The spec names the statuses (§4) but not their
 * texts; the server stores one of these on the list, the web shows it, and the README lists them, all from here.
 */
export const listErrorMessages: Record<ListErrorStatusName, string> = {
  Error: 'There was an error loading the list, please, try again later',
  ErrorApp: 'There was an error loading the list, please, try again later',
  ErrorDBError: 'The list could not be saved. Nothing was changed; please, try loading it again later',
  ErrorFileNotFound: 'The file or sheet was not found. Upload the file again or check the Google Sheet key',
  ErrorLoadingPhones: 'The phone numbers of the list could not be saved. Nothing was changed; please, try again later',
  ErrorMultipleLastNamesSelected: 'More than one column is marked as Last name. Mark one column as Last name at most',
  ErrorMultipleNamesSelected: 'More than one column is marked as First name. Mark one column as First name at most',
  ErrorMultiplePhoneNumbersSelected:
    'More than one column is marked as Phone number. Mark exactly one column as Phone number',
  ErrorSheetExceedsMaxColumns: `More than ${MAX_LIST_COLUMNS} columns are kept. Mark the columns you do not need as Skip (at most ${MAX_LIST_COLUMNS} besides phone and names)`,
  ErrorSheetIncludesInvalidData:
    'The column roles do not match the sheet: choose one role for each column of the sheet and a header row inside it',
  ErrorSheetIsInUseByAProject:
    'This list is used by an active project and cannot be reloaded until the project is finished',
  ErrorSignInWithGoogle: 'Missing Authorization: Login to your Google Account to continue',
  ErrorTheFileIsNotASheet: 'The file is not a spreadsheet. Upload a CSV or an Excel (.xlsx) file',
  ErrorUnableToAccessTheSheet:
    'The Google Sheet cannot be opened with your Google account. Share it with that account or check its key',
  ErrorUnableToProcessTheFile: 'The file could not be read. Save it again as CSV or Excel (.xlsx) and upload it again',
  ErrorUnableToSelectAPhoneNumber: 'No column is marked as Phone number. Mark the column that holds the phone numbers',
};

/** The other words of lists (spec §8 where it has them). */
export const listMessages = {
  loaded: 'List loaded successfully',
  loadFailed: 'Error loading list',
  loadFailedDetail: 'There was an error loading the list, please, try again later',
  loadStarted: 'The list is being loaded',
  sheetOrUploadRequired: 'Google Sheet key is required unless a file was uploaded',
  uploadNotFound: 'The uploaded file was not found; upload it again',
  uploadTooLarge: (maxBytes: number) =>
    `The file is larger than the ${Math.floor(maxBytes / 1024 / 1024)} MB upload limit. Split it into smaller files`,
  uploadMissingFile: 'Choose a file to upload',
  fileReplaced: 'The file has been uploaded again: choose its sheet and column roles, then load the list',
  sheetNotFound: 'That sheet is not part of the list',
  columnRolesCount: (expected: number) => `Choose one role for each of the sheet's ${expected} columns`,
  headerRowOutside: 'The header row must be one of the rows of the sheet',
  notLoadable: 'Choose the sheet and its column roles before loading the list',
} as const;

/** Spec §9: 100 × (1 − optimized / total), truncated; 0 for an empty list. */
export function optimizedPercent(optimizedRows: number, totalRows: number): number {
  if (totalRows <= 0) return 0;
  return Math.trunc(100 * (1 - optimizedRows / totalRows));
}
