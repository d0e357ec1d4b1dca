import { dataImport, dataImportTemplate, type FieldErrors } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import { dataImports, dataImportTemplates, uploads } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { createResourceService } from '../../platform/resources/resource-service';
import { tableOf } from '../tables';
import { ImportError, mappingProblems, parseMapping } from './mapping';
import type { ImportResource } from './targets';

/** The mapping's problems for the resource, as the mapping field's errors. */
function mappingErrors(resource: string | null | undefined, text: string | null | undefined): FieldErrors {
  try {
    const problems = mappingProblems((resource ?? 'Phone') as ImportResource, parseMapping(text));
    return problems.length ? { mapping: problems } : {};
  } catch (err) {
    if (err instanceof ImportError) return { mapping: [err.message] };
    throw err;
  }
}

/** An upload of the viewer's organization; another organization's id is not found, as a missing one is. */
export async function findUpload(tx: Tx, organizationId: number, uploadId: unknown) {
  const id = Number(uploadId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [upload] = await tx
    .select()
    .from(uploads)
    .where(and(eq(uploads.organizationId, organizationId), eq(uploads.id, id)));
  return upload ?? null;
}

/** Data imports: the upload must be the organization's own, the mapping must name fields of the resource. */
export const dataImportsService = createResourceService(dataImport, dataImports, tableOf, {
  async check(tx, attrs, { viewer, existing }) {
    const errors = mappingErrors(attrs.resource ?? (existing?.resource as string), attrs.mapping);
    if (
      attrs.uploadId != null &&
      attrs.uploadId !== '' &&
      !(await findUpload(tx, viewer.organizationId, attrs.uploadId))
    )
      errors.uploadId = ['Uploaded file not found'];
    return errors;
  },
  async afterWrite(tx, row, attrs, viewer) {
    if (attrs.uploadId == null || attrs.uploadId === '') return;
    const upload = await findUpload(tx, viewer.organizationId, attrs.uploadId);
    await tx
      .update(dataImports)
      .set({ filename: upload?.filename ?? null })
      .where(and(eq(dataImports.organizationId, viewer.organizationId), eq(dataImports.id, row.id)));
  },
});

/** Templates: the mapping must name fields of the resource. */
export const dataImportTemplatesService = createResourceService(dataImportTemplate, dataImportTemplates, tableOf, {
  async check(_tx, attrs, { existing }) {
    return mappingErrors(attrs.resource ?? (existing?.resource as string), attrs.mapping);
  },
});
