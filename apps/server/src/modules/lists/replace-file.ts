import { listMessages, messages } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { lists, sheets } from '../../platform/db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { loadUnderWay, type ListActionResult } from './lists.actions';
import { listsService, recordSheets } from './lists.service';
import { findOwnUpload } from './own-upload';
import { ALREADY_LOADING } from './run-list-load';

const refused = (field: string, message: string): ListActionResult => ({
  errors: { [field]: [message] },
  message: null,
});

/**
 * "Upload again" on a list whose file failed: the list reads `uploadId` (a file POST /api/uploads accepted) from now
 * on, its sheets read afresh from it as a new list's are, its error cleared. The rows of its last successful load
 * stay until the next load replaces them, as after any failed load; the sheet and column roles are chosen again,
 * since the new file's sheets are not the old one's.
 */
export async function replaceListFile(
  platform: Platform,
  viewer: Viewer,
  listId: number,
  uploadId: number,
): Promise<ListActionResult> {
  return withTenant(
    platform.database,
    { organizationIds: [viewer.organizationId], userId: viewer.userId },
    async (tx): Promise<ListActionResult> => {
      const list = await listsService.get(tx, viewer, listId);
      if (!list) return refused('base', messages.notFound);
      if (await loadUnderWay(tx, list)) return refused('base', ALREADY_LOADING);
      // The viewer's own upload only, as for a new list: another user's file may hold another client's recipients.
      if (!(await findOwnUpload(tx, viewer, uploadId))) return refused('uploadId', listMessages.uploadNotFound);
      const thisList = and(eq(lists.organizationId, viewer.organizationId), eq(lists.id, listId));
      await tx
        .update(lists)
        .set({
          uploadId,
          googleSheetKey: null,
          sheetId: null,
          listStatus: 'Setup',
          loadErrorMessage: null,
          updatedAt: new Date(),
        })
        .where(thisList);
      await tx.delete(sheets).where(and(eq(sheets.organizationId, viewer.organizationId), eq(sheets.listId, listId)));
      await recordSheets(tx, platform, { id: listId, organizationId: viewer.organizationId }, viewer.userId);
      return { errors: {}, message: listMessages.fileReplaced };
    },
  );
}
