import { messages } from '@canvass/domain';
import type { sheets_v4 } from '@googleapis/sheets';
import { lazyRequire } from '../../../platform/lazy-require';
import type { Platform } from '../../../platform/platform';
import { forgetRevokedAuthorization, readGoogleAuthorization } from '../../google/google-authorization.service';
import { googleOAuthClient } from '../../google/google-oauth';
import { rowBatch, SheetError, type RowBatch, type SheetInfo, type SpreadsheetSource } from './source';

// Loaded when a Google sheet is first read (lazy-require.ts).
const sheetsApi = lazyRequire<typeof import('@googleapis/sheets')>('@googleapis/sheets');

/**
 * Cells per values.get (rows per request = this / the sheet's columns): a few MB of JSON per response, and few
 * enough requests that the largest sheet Google allows (10M cells) stays within its read quota of 60 requests a
 * minute per user: 1M rows × 14 columns is about 30 requests.
 */
export const GOOGLE_SHEET_CELLS_PER_REQUEST = 500_000;
/** Rows per batch handed to the loader, however many one request brought. */
export const GOOGLE_SHEET_BATCH_ROWS = 5_000;

export interface GoogleSheetSourceOptions {
  platform: Platform;
  /** The list's organization: the user must be a member of it for their Google account to be used. */
  organizationId: number;
  /** Whose Google authorization reads the sheet (the user loading the list). */
  userId: number;
  googleSheetKey: string;
  /** Rows per request instead of the cells budget; tests make it small to see several requests. */
  chunkRows?: number;
}

interface GridSheet extends SheetInfo {
  rowCount: number;
  columnCount: number;
}

const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');
/** A sheet title in A1 notation: always quoted, inner quotes doubled ('Bob''s list'!1:100). */
const a1 = (title: string, from: number, to: number) => `'${title.replace(/'/g, "''")}'!${from}:${to}`;

/**
 * A Google Sheet read with the loading user's Google authorization (Sheets API v4). Cells come as the sheet
 * shows them (FORMATTED_VALUE), so phone numbers and dates are never reinterpreted. Throws SheetError
 * ErrorSignInWithGoogle at once when the user has no Google authorization in this organization.
 */
export async function openGoogleSheetSource(options: GoogleSheetSourceOptions): Promise<SpreadsheetSource> {
  const { platform, organizationId, userId, googleSheetKey } = options;
  const rowsPerRequest = (sheet: GridSheet) =>
    options.chunkRows ?? Math.max(1, Math.floor(GOOGLE_SHEET_CELLS_PER_REQUEST / Math.max(1, sheet.columnCount)));
  const authorization = await readGoogleAuthorization(platform, organizationId, userId);
  if (!authorization) throw new SheetError('ErrorSignInWithGoogle', messages.googleMissingAuthorization);
  const auth = googleOAuthClient(platform.config);
  auth.setCredentials({ refresh_token: authorization.refreshToken });
  const api = sheetsApi().sheets({ version: 'v4', auth, rootUrl: platform.config.GOOGLE_SHEETS_ROOT_URL });
  const spreadsheetId = googleSheetKey.trim();

  /** Every Google failure becomes the list error a user can act on; a revoked token is forgotten. */
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (err) {
      const problem = explain(err, authorization.email);
      if (isRevoked(err)) await forgetRevokedAuthorization(platform, userId, authorization.sealed);
      throw problem;
    }
  };

  let grid: Promise<GridSheet[]> | null = null;
  const loadGrid = () => {
    grid ??= call(() =>
      api.spreadsheets.get({
        spreadsheetId,
        fields: 'sheets.properties(sheetId,title,sheetType,gridProperties(rowCount,columnCount))',
      }),
    ).then(({ data }) =>
      (data.sheets ?? [])
        // Charts and other object sheets hold no cells.
        .filter((s) => (s.properties?.sheetType ?? 'GRID') === 'GRID')
        .map((s) => ({
          id: String(s.properties?.sheetId ?? 0),
          name: s.properties?.title ?? '',
          rowCount: s.properties?.gridProperties?.rowCount ?? 0,
          columnCount: s.properties?.gridProperties?.columnCount ?? 26,
        })),
    );
    return grid;
  };
  const sheetById = async (sheetId: string) => {
    const sheet = (await loadGrid()).find((s) => s.id === sheetId);
    if (!sheet) throw new SheetError('ErrorFileNotFound', `This Google Sheet has no sheet with id ${sheetId}`);
    return sheet;
  };

  /**
   * The non-blank rows of a sheet from the first row, at most `limit` rows of the grid per request, each batch with
   * its rows' numbers in the sheet (`lines`).
   */
  async function* chunks(sheetId: string, limit = Infinity): AsyncGenerator<RowBatch> {
    const sheet = await sheetById(sheetId);
    const size = Math.min(limit, rowsPerRequest(sheet));
    // The grid's row count, not an empty answer, says where the sheet ends: a run of blank rows in the middle
    // comes back empty, and the rows after it must still be read.
    for (let from = 1; from <= sheet.rowCount; from += size) {
      const to = Math.min(from + size - 1, sheet.rowCount);
      const { data } = await call(() =>
        api.spreadsheets.values.get({
          spreadsheetId,
          range: a1(sheet.name, from, to),
          majorDimension: 'ROWS',
          valueRenderOption: 'FORMATTED_VALUE',
        }),
      );
      let batch = rowBatch();
      for (const [i, row] of toRows(data).entries()) {
        if (isBlank(row)) continue;
        batch.push(row);
        batch.lines.push(from + i);
        if (batch.length < GOOGLE_SHEET_BATCH_ROWS) continue;
        yield batch;
        batch = rowBatch();
      }
      if (batch.length > 0) yield batch;
    }
  }

  return {
    sheets: async () => (await loadGrid()).map(({ id, name }) => ({ id, name })),
    async preview(sheetId, limit) {
      const out: string[][] = [];
      for await (const rows of chunks(sheetId, Math.max(1, limit))) {
        out.push(...rows.slice(0, limit - out.length));
        if (out.length >= limit) break;
      }
      return out;
    },
    rows: (sheetId) => chunks(sheetId),
  };
}

/** Google leaves trailing empty cells and rows out (ragged rows are kept as they come); every cell as a string. */
function toRows(data: sheets_v4.Schema$ValueRange): string[][] {
  return (data.values ?? []).map((row) => row.map((cell: unknown) => (cell == null ? '' : String(cell))));
}

interface GoogleFailure {
  status?: number;
  response?: { status?: number; data?: unknown };
  message?: string;
}

function isRevoked(err: unknown): boolean {
  const data = (err as GoogleFailure)?.response?.data as { error?: unknown } | undefined;
  return data?.error === 'invalid_grant' || /invalid_grant/.test((err as GoogleFailure)?.message ?? '');
}

function explain(err: unknown, email: string | null): SheetError {
  if (err instanceof SheetError) return err;
  const failure = err as GoogleFailure;
  const status = failure?.response?.status ?? failure?.status;
  // A revoked or expired refresh token (invalid_grant at the token endpoint), or an access token refused.
  if (isRevoked(err) || status === 401)
    return new SheetError('ErrorSignInWithGoogle', messages.googleMissingAuthorization);
  if (status === 404)
    return new SheetError(
      'ErrorFileNotFound',
      'Google Sheet not found: check the Google Sheet key (the part of the sheet’s address between /d/ and /edit)',
    );
  if (status === 403)
    return new SheetError(
      'ErrorUnableToAccessTheSheet',
      `Unable to access the Google Sheet: share it with ${email ?? 'the Google account you connected'} ` +
        '(Viewer is enough), or connect the Google account that owns it',
    );
  // Google answers 400 "This operation is not supported for this document" for an Excel file kept in Drive.
  if (status === 400 && /not supported for this document/i.test(failure?.message ?? ''))
    return new SheetError(
      'ErrorTheFileIsNotASheet',
      'This file is not a Google Sheet: open it in Google Sheets, choose File → Save as Google Sheets, and use the new key',
    );
  return new SheetError(
    'ErrorUnableToProcessTheFile',
    `Google Sheets could not be read${status ? ` (HTTP ${status})` : ''}; please try again later`,
  );
}
