import { BackgroundTaskStatus, DataImportResource } from '../enums';
import { defineResource, field, oneOf, ref, text } from '../resource';

/**
 * An uploaded spreadsheet whose rows become phones, opt-outs, do-not-contact numbers or clients (issue 11 §7).
 * The mapping is JSON text, file column header → field of the target (dataImportFields); the import itself runs
 * in the data-imports module (startDataImport), which stores its status and counts here.
 */
export const dataImport = defineResource({
  name: 'dataImport',
  plural: 'dataImports',
  typeName: 'DataImport',
  label: 'Data Import',
  // Spec §2's menu entry reads 'Data Import'.
  pluralLabel: 'Data Import',
  path: 'data_import',
  fields: {
    name: text('Name', { required: true, maxLength: 255 }),
    resource: oneOf(DataImportResource, 'Import as', { required: true, default: 'Phone' }),
    // The id POST /api/uploads answered with; the file's own name is shown beside it.
    uploadId: text('Uploaded file'),
    templateId: ref('dataImportTemplate', 'template', 'Template'),
    mapping: text('Column mapping'),
    filename: text('File', { readOnly: true }),
    status: oneOf(BackgroundTaskStatus, 'Status', { readOnly: true }),
    errorMessage: text('Error', { readOnly: true }),
    rowsCount: field('number', 'Rows', { readOnly: true, required: true, integer: true }),
    importedCount: field('number', 'Imported', { readOnly: true, required: true, integer: true }),
    skippedCount: field('number', 'Already present', { readOnly: true, required: true, integer: true }),
    rejectedCount: field('number', 'Rejected', { readOnly: true, required: true, integer: true }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['name', 'resource', 'status', 'rowsCount', 'importedCount', 'rejectedCount', 'createdAt'],
    search: 'name',
    sortBy: 'createdAt',
    sortOrder: 'Desc',
    exportColumns: [
      'name',
      'resource',
      'filename',
      'status',
      'rowsCount',
      'importedCount',
      'skippedCount',
      'rejectedCount',
      'createdAt',
    ],
  },
  sections: [{ title: 'Import', path: 'import', fields: ['name', 'resource', 'templateId', 'mapping'] }],
  guard: 'DataImport',
  menuOrder: 7,
  ownedBy: null,
  // Its file and rejected rows name recipients of any client; it makes clients, users and organization opt-outs.
  staffOnly: true,
  messages: { destroyed: 'The data import has been deleted successfully' },
});

/** A saved column mapping, reused for files of the same layout. */
export const dataImportTemplate = defineResource({
  name: 'dataImportTemplate',
  plural: 'dataImportTemplates',
  typeName: 'DataImportTemplate',
  label: 'Data Import Template',
  pluralLabel: 'Data Import Templates',
  path: 'data_import_template',
  fields: {
    name: text('Name', { required: true, maxLength: 255 }),
    resource: oneOf(DataImportResource, 'Import as', { required: true, default: 'Phone' }),
    mapping: text('Column mapping'),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['name', 'resource', 'createdAt'],
    search: 'name',
    sortBy: 'createdAt',
    sortOrder: 'Desc',
    exportColumns: ['name', 'resource', 'mapping', 'createdAt'],
  },
  sections: [{ title: 'Template', path: 'template', fields: ['name', 'resource', 'mapping'] }],
  guard: 'DataImport',
  ownedBy: null,
  messages: { destroyed: 'The data import template has been deleted successfully' },
});
