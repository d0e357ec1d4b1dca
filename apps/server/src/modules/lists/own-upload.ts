import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { uploads } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';

export type UploadRow = typeof uploads.$inferSelect;

/**
 * An upload the viewer itself sent (POST /api/uploads), in its organization. Only its sender may make a list or a
 * data import of it, or preview it: upload ids are a sequence, and another user's file may hold another client's
 * recipients (issue 35 §2). Another user's or organization's id is not found, as a missing one is.
 */
export async function findOwnUpload(tx: Tx, viewer: Viewer, uploadId: unknown): Promise<UploadRow | null> {
  if (!/^\d{1,15}$/.test(String(uploadId))) return null;
  const [upload] = await tx
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.organizationId, viewer.organizationId),
        eq(uploads.id, Number(uploadId)),
        eq(uploads.userId, viewer.userId),
      ),
    );
  return upload ?? null;
}
