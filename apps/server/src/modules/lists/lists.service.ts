import { list, listMessages, optimizedPercent, type FieldErrors } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { lists, sheets, uploads } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { createResourceService } from '../../platform/resources/resource-service';
import { favoriteIds } from '../favorites/favorites.service';
import { tableOf } from '../tables';
import { openListSource } from './list-source';
import { findOwnUpload } from './own-upload';
import { SheetError } from './sources/source';

export type SheetRow = typeof sheets.$inferSelect;

/** A list's sheets, in the source's order (the caller has checked the list is visible). */
export function sheetsOf(tx: Tx, viewer: Viewer, listId: number): Promise<SheetRow[]> {
  return tx
    .select()
    .from(sheets)
    .where(and(eq(sheets.organizationId, viewer.organizationId), eq(sheets.listId, listId)))
    .orderBy(sheets.id);
}

/** The name of the file a list was made from, as the user's computer called it. */
export async function uploadFilenameOf(tx: Tx, viewer: Viewer, uploadId: number): Promise<string | null> {
  const [upload] = await tx
    .select({ filename: uploads.filename })
    .from(uploads)
    .where(and(eq(uploads.organizationId, viewer.organizationId), eq(uploads.id, uploadId)));
  return upload?.filename ?? null;
}

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/**
 * Opens a new list's source and records its sheets (the first row as each sheet's header until the user chooses),
 * in the create's transaction. A source that cannot be read does not undo the create: the list keeps the error
 * status and message, so the user sees why and can fix the file or the key.
 */
export async function recordSheets(
  tx: Tx,
  platform: Platform,
  row: { id: number; organizationId: number },
  userId: number,
) {
  const [saved] = await tx
    .select()
    .from(lists)
    .where(and(eq(lists.organizationId, row.organizationId), eq(lists.id, row.id)));
  try {
    const source = await openListSource(platform, { ...saved, userId });
    const found = await source.sheets();
    for (const sheet of found) {
      const [header = []] = await source.preview(sheet.id, 1);
      await tx.insert(sheets).values({
        organizationId: saved.organizationId,
        listId: saved.id,
        sourceSheetId: sheet.id,
        name: sheet.name,
        headerRow: header,
      });
    }
  } catch (err) {
    if (!(err instanceof SheetError)) throw err;
    await tx
      .update(lists)
      .set({ listStatus: err.status, loadErrorMessage: err.message })
      .where(and(eq(lists.organizationId, saved.organizationId), eq(lists.id, saved.id)));
  }
}

/**
 * Lists: a Google Sheet key or an uploaded file (spec §5: the key is required unless a file was uploaded); the
 * sheets of the source are recorded on create. Counts and status are the load's, never written here.
 */
export const listsService = createResourceService(list, lists, tableOf, {
  async check(tx, attrs, { viewer, existing }) {
    const errors: FieldErrors = {};
    const uploadId = existing ? existing.uploadId : attrs.uploadId;
    const key = attrs.googleSheetKey === undefined && existing ? existing.googleSheetKey : attrs.googleSheetKey;
    if (blank(uploadId) && blank(key)) errors.googleSheetKey = [listMessages.sheetOrUploadRequired];
    if (!existing && !blank(uploadId) && !(await findOwnUpload(tx, viewer, uploadId)))
      errors.uploadId = [listMessages.uploadNotFound];
    return errors;
  },
  async afterWrite(tx, row, _attrs, viewer, isNew, env) {
    if (!isNew) return;
    if (!env.platform) throw new Error('creating a list needs the platform (its source is read)');
    await recordSheets(tx, env.platform, row, viewer.userId);
  },
  async decorate(tx, rows, viewer) {
    const favorites = await favoriteIds(
      tx,
      viewer,
      'listId',
      rows.map((r) => r.id),
    );
    for (const r of rows) {
      r.isFavorite = favorites.has(r.id);
      r.optimizedPercent = optimizedPercent(r.optimizedRowsCount, r.rowsCount);
    }
  },
});
