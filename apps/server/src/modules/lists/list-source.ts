import { listErrorMessages } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import { uploads } from '../../platform/db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { openFileSource } from './sources/file-source';
import { openGoogleSheetSource } from './sources/google-sheet-source';
import { SheetError, type SpreadsheetSource } from './sources/source';

/** What a list's source is: an uploaded file or a Google Sheet. */
export interface ListSourceRef {
  organizationId: number;
  uploadId: number | null;
  googleSheetKey: string | null;
  /** Whose Google authorization reads a Google Sheet: the user creating, previewing or loading the list. */
  userId: number | null;
}

/**
 * The spreadsheet behind a list, opened for reading. The one place every lists path opens a source, so the
 * file sources (CSV encodings, XLSX) and Google Sheets plug in here.
 */
export async function openListSource(platform: Platform, list: ListSourceRef): Promise<SpreadsheetSource> {
  if (list.uploadId !== null) {
    const [upload] = await withTenant(platform.database, { organizationIds: [list.organizationId] }, (tx) =>
      tx
        .select()
        .from(uploads)
        .where(and(eq(uploads.organizationId, list.organizationId), eq(uploads.id, list.uploadId!))),
    );
    if (!upload || !(await platform.storage.exists(upload.storageKey)))
      throw new SheetError('ErrorFileNotFound', listErrorMessages.ErrorFileNotFound);
    // The file's first bytes say what it is (CSV in any of its encodings, XLSX, or not a spreadsheet at all).
    return openFileSource(() => platform.storage.read(upload.storageKey), upload.filename, upload.size);
  }
  if (!list.googleSheetKey || list.userId === null)
    throw new SheetError('ErrorUnableToAccessTheSheet', listErrorMessages.ErrorUnableToAccessTheSheet);
  return openGoogleSheetSource({
    platform,
    organizationId: list.organizationId,
    userId: list.userId,
    googleSheetKey: list.googleSheetKey,
  });
}
