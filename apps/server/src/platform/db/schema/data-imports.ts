import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { backgroundTasks } from './background-tasks';
import { backgroundTaskStatusEnum } from './enums';
import { uploads } from './lists';
import { organizations } from './organizations';

/**
 * Which field of the imported resource each file column fills, as JSON text: { "file column header": "field" }.
 * Text rather than jsonb so the generic form edits it as any other field; the data-imports module parses it.
 */
const mapping = () => text('mapping');

/** A saved mapping to reuse for files of the same layout. */
export const dataImportTemplates = pgTable(
  'data_import_templates',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    // The resource the rows become (DataImportResource: Phone, OptOut, DoNotContact, Client).
    resource: text('resource').notNull(),
    mapping: mapping(),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('data_import_templates'),
    tenantKey('data_import_templates', t),
    index('data_import_templates_org_name_idx').on(t.organizationId, t.name, t.id),
    index('data_import_templates_org_resource_idx').on(t.organizationId, t.resource, t.id),
    index('data_import_templates_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);

/**
 * An uploaded file, what its rows become and its mapping; status is null while it is being set up and follows
 * its run after. The counts are stored by the run (never counted on read).
 */
export const dataImports = pgTable(
  'data_imports',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    resource: text('resource').notNull(),
    uploadId: refId('upload_id'),
    templateId: refId('template_id'),
    mapping: mapping(),
    status: backgroundTaskStatusEnum('status'),
    errorMessage: text('error_message'),
    // The latest run: its task holds the rejected rows' CSV (downloaded through the task's signed link).
    backgroundTaskId: refId('background_task_id'),
    filename: text('filename'),
    rowsCount: integer('rows_count').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('data_imports'),
    tenantKey('data_imports', t),
    tenantRef('data_imports', t, t.templateId, dataImportTemplates, 'restrict'),
    tenantRef('data_imports', t, t.backgroundTaskId, backgroundTasks, 'restrict'),
    // Restrict: the file of an import stays while the import does.
    tenantRef('data_imports', t, t.uploadId, uploads, 'restrict'),
    // One per list column, ending with id (sort-indexes.test.ts).
    index('data_imports_org_name_idx').on(t.organizationId, t.name, t.id),
    index('data_imports_org_resource_idx').on(t.organizationId, t.resource, t.id),
    index('data_imports_org_status_idx').on(t.organizationId, t.status, t.id),
    index('data_imports_org_rows_idx').on(t.organizationId, t.rowsCount, t.id),
    index('data_imports_org_imported_idx').on(t.organizationId, t.importedCount, t.id),
    index('data_imports_org_rejected_idx').on(t.organizationId, t.rejectedCount, t.id),
    index('data_imports_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('data_imports_org_template_idx').on(t.organizationId, t.templateId),
    index('data_imports_org_upload_idx').on(t.organizationId, t.uploadId),
  ],
);
