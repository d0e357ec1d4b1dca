import type { EnumValue, ListStatus } from '@canvass/domain';

/** One sheet (tab) of a spreadsheet. The id is stable for the same file: the sheet's index or its Google gid. */
export interface SheetInfo {
  id: string;
  name: string;
}

/**
 * A batch of rows as a source yields them. `lines`, when the source knows them, holds each row's number in the sheet
 * (1 = the sheet's first row), as a staffer finds it there: the blank rows left out still count. A parallel array
 * rather than a number on each row, so a reader that has no use for it (the list load) reads the rows as before.
 */
export type RowBatch = string[][] & { lines?: number[] };

/** An empty batch whose rows' numbers are filled alongside its rows. */
export function rowBatch(): string[][] & { lines: number[] } {
  return Object.assign([] as string[][], { lines: [] as number[] });
}

/**
 * A spreadsheet the list loader reads, whatever it came from (an uploaded CSV or XLSX, a Google Sheet).
 * Cells are strings exactly as shown in the sheet (dates as YYYY-MM-DD, numbers as displayed; never guessed).
 */
export interface SpreadsheetSource {
  sheets(): Promise<SheetInfo[]>;
  /** The first `limit` rows of a sheet (header row included), for the column-role picker. */
  preview(sheetId: string, limit: number): Promise<string[][]>;
  /**
   * Every row of a sheet in order, header included, blank rows left out, in batches (a few thousand rows each)
   * so that the loader can stream them into COPY without holding the file in memory. Each batch tells its rows'
   * numbers in the sheet (`lines`) when the source knows them.
   */
  rows(sheetId: string): AsyncIterable<RowBatch>;
  /** Bytes read so far of the whole source, and its size when known: progress before the row count is known. */
  readonly bytesRead?: number;
  readonly size?: number;
}

/** The list error statuses of spec §4. */
export type ListErrorStatus = Extract<EnumValue<typeof ListStatus>, `Error${string}`>;

/** A problem with the spreadsheet itself: the list goes to `status`, and the user reads `message`. */
export class SheetError extends Error {
  constructor(
    readonly status: ListErrorStatus,
    message: string,
  ) {
    super(message);
    this.name = 'SheetError';
  }
}
