import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { backgroundTasks } from './background-tasks';
import { backgroundTaskStatusEnum } from './enums';
import { organizations } from './organizations';

/** Which field of the imported resource each file column fills: file column header → field name. */
export type DataImportMapping = Record<string, string>;

/** A saved mapping to reuse for files of the same layout. */
export const dataImportTemplates = pgTable(
  'data_import_templates',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    // The resource the rows become (e.g. 'phone', 'optOut').
    resource: text('resource'),
    mapping: jsonb('mapping').$type<DataImportMapping>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('data_import_templates'),
    tenantKey('data_import_templates', t),
    index('data_import_templates_org_name_idx').on(t.organizationId, t.name),
  ],
);

/** An uploaded file and its mapping; status is null while it is being set up and follows its run after. */
export const dataImports = pgTable(
  'data_imports',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    resource: text('resource'),
    templateId: refId('template_id'),
    mapping: jsonb('mapping').$type<DataImportMapping>().notNull().default({}),
    status: backgroundTaskStatusEnum('status'),
    backgroundTaskId: refId('background_task_id'),
    filePath: text('file_path'),
    filename: text('filename'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('data_imports'),
    tenantKey('data_imports', t),
    tenantRef('data_imports', t, t.templateId, dataImportTemplates, 'restrict'),
    tenantRef('data_imports', t, t.backgroundTaskId, backgroundTasks, 'restrict'),
    index('data_imports_org_name_idx').on(t.organizationId, t.name),
    index('data_imports_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
