import { listErrorMessages } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import { uploads } from '../../platform/db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { csvFileSource } from './csv-file-source';
import { SheetError, type SpreadsheetSource } from './sources/source';

/** What a list's source is: an uploaded file or a Google Sheet. */
export interface ListSourceRef {
  organizationId: number;
  uploadId: number | null;
  googleSheetKey: string | null;
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
    if (!/\.(csv|txt|tsv)$/i.test(upload.filename))
      throw new SheetError('ErrorTheFileIsNotASheet', listErrorMessages.ErrorTheFileIsNotASheet);
    return csvFileSource(() => platform.storage.read(upload.storageKey), upload.filename, upload.size);
  }
  // Google Sheets are read with the user's Google authorization, which this build does not hold yet.
  throw new SheetError('ErrorUnableToAccessTheSheet', listErrorMessages.ErrorUnableToAccessTheSheet);
}
