import { counted, readLimits } from './read-limits';
import { SheetError, type RowBatch } from './source';

const MB = 1024 * 1024;
/** What to do with a workbook that is not one Excel would write. */
const SAVE_AGAIN = 'Open it in Excel, save it again as an Excel workbook (.xlsx) and upload it.';
/** What to do with a sheet too big for a workbook to be read: a CSV is read as a stream, whatever its size. */
const SAVE_AS_CSV = 'Save the sheet as CSV and upload that instead.';

const unprocessable = (message: string) => new SheetError('ErrorUnableToProcessTheFile', message);

/** The messages for files and sheets that hold no list, shared by every source so a staffer reads the same words. */
export const sheetErrors = {
  notASheet: (looksLike: string) =>
    new SheetError(
      'ErrorTheFileIsNotASheet',
      `The file is not a spreadsheet: it looks like ${looksLike}. Upload a CSV file or an Excel workbook (.xlsx).`,
    ),
  /** `cause` (the zip reader's or the XML parser's error) stays on the error for the logs. */
  unreadableWorkbook: (cause: unknown) =>
    Object.assign(
      new SheetError(
        'ErrorUnableToProcessTheFile',
        'The workbook could not be read: open it in Excel, save it again as an Excel workbook (.xlsx) and upload it.',
      ),
      { cause },
    ),
  fileNotFound: () =>
    new SheetError('ErrorFileNotFound', 'The uploaded file is no longer in storage: upload the file again.'),
  emptyFile: () =>
    new SheetError(
      'ErrorUnableToProcessTheFile',
      'The file is empty: export the sheet again with its rows and upload it.',
    ),
  /** `where` names the cell: 'column ZZZZZZ' for a workbook, "The file's row 3 has 2,000 cells" for a CSV. */
  tooManyColumns: (where: string) =>
    unprocessable(
      `${where}: a list reads at most ${counted(readLimits.columns)} columns. ` +
        "Delete the columns past the list's own and upload the file again.",
    ),
  tooManySheets: () =>
    unprocessable(
      `The workbook has more than ${readLimits.sheets} sheets. Copy the sheet that holds the list into a workbook ` +
        'of its own and upload that.',
    ),
  cellTooLong: () =>
    unprocessable(
      `A cell of the workbook holds more than ${counted(readLimits.cellChars)} characters, more than Excel allows. ` +
        SAVE_AGAIN,
    ),
  /** `part` as people may find it: "list of sheets (xl/workbook.xml)". */
  partTooLarge: (part: string) =>
    unprocessable(
      `The workbook's ${part} is larger than ${readLimits.partBytes / MB} MB, where Excel writes a few KB. ${SAVE_AGAIN}`,
    ),
  sharedStringsTooLarge: () =>
    unprocessable(
      `The workbook's shared text is too large to read: its distinct texts would take more than ` +
        `${readLimits.sharedStringsBytes / MB} MB. ${SAVE_AS_CSV}`,
    ),
  zipBomb: () =>
    unprocessable(
      `The workbook unpacks to more than ${readLimits.inflateRatio} times its size, which no spreadsheet does: ` +
        `it is built to exhaust the server. ${SAVE_AGAIN}`,
    ),
  malformedXml: (what: string) => unprocessable(`The workbook's XML ${what}, which no spreadsheet does. ${SAVE_AGAIN}`),
  /** `where` is 'The file' for a CSV, 'The sheet "Contacts"' for a workbook. */
  noRows: (where: string) =>
    new SheetError(
      'ErrorUnableToProcessTheFile',
      `${where} has no rows: pick the sheet that holds the list, or export it again with its rows.`,
    ),
  headerOnly: (where: string) =>
    new SheetError(
      'ErrorSheetIncludesInvalidData',
      `${where} has a header row but no rows below it: add the contacts under the header and upload the file again.`,
    ),
};

/**
 * Passes the batches of a sheet through and, once the sheet has ended, refuses one that had no rows or only a header:
 * the loader then fails with a message rather than loading an empty list.
 */
export async function* requireDataRows<Batch extends { length: number } = RowBatch>(
  batches: AsyncIterable<Batch>,
  where: string,
): AsyncGenerator<Batch> {
  let rows = 0;
  for await (const batch of batches) {
    rows += batch.length;
    yield batch;
  }
  if (rows === 0) throw sheetErrors.noRows(where);
  if (rows === 1) throw sheetErrors.headerOnly(where);
}

/** A failure reading the file from storage: a missing file is the list's ErrorFileNotFound, anything else as it is. */
export function readFailure(error: unknown): unknown {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' ? sheetErrors.fileNotFound() : error;
}
