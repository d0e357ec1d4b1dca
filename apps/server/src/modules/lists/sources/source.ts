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

/** Where a cell is written as a field of a COPY line (the list load's CopyText). */
export interface CopyTarget {
  text(value: string | null | undefined): void;
  bytes(source: Buffer, start: number, end: number): void;
}

/**
 * A batch of rows read cell by cell, for the list load: a cell's text when it is needed (the phone, the names), or
 * the cell copied straight into a COPY line (a CSV's bytes, never made a string). `lines` as in RowBatch.
 */
export interface CellRows {
  readonly length: number;
  readonly lines?: number[];
  /** The cell's text, trimmed; undefined past the row's last cell. A CSV's cells are always trimmed. */
  text(row: number, cell: number): string | undefined;
  /** The cell as a COPY field, as it stands or `trimmed` (NULL past the row's last cell). */
  copyTo(row: number, cell: number, out: CopyTarget, trimmed?: boolean): void;
}

/** A batch of string rows read cell by cell. */
export class StringCellRows implements CellRows {
  constructor(private readonly rows: RowBatch) {}

  get length(): number {
    return this.rows.length;
  }

  get lines(): number[] | undefined {
    return this.rows.lines;
  }

  text(row: number, cell: number): string | undefined {
    return this.rows[row][cell]?.trim();
  }

  copyTo(row: number, cell: number, out: CopyTarget, trimmed = false): void {
    out.text(trimmed ? this.text(row, cell) : this.rows[row][cell]);
  }
}

/** The rows of a sheet cell by cell: the source's own reading when it has one, else its string rows. */
export async function* cellRowsOf(source: SpreadsheetSource, sheetId: string): AsyncGenerator<CellRows> {
  if (source.cellRows) {
    yield* source.cellRows(sheetId);
    return;
  }
  for await (const batch of source.rows(sheetId)) yield new StringCellRows(batch);
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
  /** The same rows as `rows`, cell by cell, when the source reads them cheaper that way (a CSV's bytes). */
  cellRows?(sheetId: string): AsyncIterable<CellRows>;
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
