import { dataImport, dataImportTemplate, type FieldErrors } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import { dataImports, dataImportTemplates } from '../../platform/db/schema/index';
import { createResourceService } from '../../platform/resources/resource-service';
import { findOwnUpload } from '../lists/own-upload';
import { tableOf } from '../tables';
import { ImportError, mappingProblems, parseMapping } from './mapping';
import type { ImportResource } from './import-target';

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

/** Data imports: the upload must be the viewer's own, the mapping must name fields of the resource. */
export const dataImportsService = createResourceService(dataImport, dataImports, tableOf, {
  async check(tx, attrs, { viewer, existing }) {
    const errors = mappingErrors(attrs.resource ?? existing?.resource, attrs.mapping);
    if (attrs.uploadId != null && attrs.uploadId !== '' && !(await findOwnUpload(tx, viewer, attrs.uploadId)))
      errors.uploadId = ['Uploaded file not found'];
    return errors;
  },
  async afterWrite(tx, row, attrs, viewer) {
    if (attrs.uploadId == null || attrs.uploadId === '') return;
    const upload = await findOwnUpload(tx, viewer, attrs.uploadId);
    await tx
      .update(dataImports)
      .set({ filename: upload?.filename ?? null })
      .where(and(eq(dataImports.organizationId, viewer.organizationId), eq(dataImports.id, row.id)));
  },
});

/** Templates: the mapping must name fields of the resource. */
export const dataImportTemplatesService = createResourceService(dataImportTemplate, dataImportTemplates, tableOf, {
  async check(_tx, attrs, { existing }) {
    return mappingErrors(attrs.resource ?? existing?.resource, attrs.mapping);
  },
});
