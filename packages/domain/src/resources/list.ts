import { ListStatus } from '../enums';
import { defineResource, field, oneOf, ref, text } from '../resource';

/**
 * A contact list loaded from a spreadsheet (spec §3 List). Its status is driven by the load (no dropdown); its
 * counts are stored by the load, never counted on read. Loading, the sheet and column roles are the lists module's.
 */
export const list = defineResource({
  name: 'list',
  plural: 'lists',
  typeName: 'List',
  label: 'List',
  pluralLabel: 'Lists',
  path: 'lists',
  fields: {
    name: text('Name', { required: true, maxLength: 255 }),
    // The client the list was loaded for, chosen once: its recipients are that client's (spec §6). Empty: the
    // organization's, seen by staff only. A Client-role uploader's list is its client's (ownerDefaultsToViewer).
    clientId: ref('client', 'client', 'Client', { createOnly: true }),
    // Required unless a file was uploaded: the lists service checks it (createList takes an uploadId instead).
    googleSheetKey: text('Google Sheet key', {
      maxLength: 255,
      placeholder: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
    }),
    // The id POST /api/uploads answered with: the list's file, instead of a Google Sheet. Set once, on create.
    uploadId: text('Uploaded file', { createOnly: true }),
    listStatus: oneOf(ListStatus, 'Status', { readOnly: true, required: true }),
    loadErrorMessage: text('Load error', { readOnly: true }),
    lastLoadedAt: field('datetime', 'Last loaded', { readOnly: true }),
    rowsCount: field('number', 'Rows', { readOnly: true, required: true, integer: true }),
    validRowsCount: field('number', 'Valid rows', { readOnly: true, required: true, integer: true }),
    invalidRowsCount: field('number', 'Invalid rows', { readOnly: true, required: true, integer: true }),
    duplicateRowsCount: field('number', 'Duplicate rows', { readOnly: true, required: true, integer: true }),
    optedOutRowsCount: field('number', 'Opted-out rows', { readOnly: true, required: true, integer: true }),
    doNotContactRowsCount: field('number', 'Do-not-contact rows', { readOnly: true, required: true, integer: true }),
    optimizedRowsCount: field('number', 'Optimized rows', { readOnly: true, required: true, integer: true }),
    // Spec §9: 100 × (1 − optimized / total), truncated; computed from the stored counts.
    optimizedPercent: field('number', 'Optimized %', { readOnly: true, required: true, integer: true }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['name', 'clientId', 'listStatus', 'rowsCount', 'optimizedRowsCount', 'lastLoadedAt', 'createdAt'],
    search: 'name',
    sortBy: 'createdAt',
    sortOrder: 'Desc',
    exportColumns: [
      'name',
      'clientId',
      'listStatus',
      'rowsCount',
      'validRowsCount',
      'invalidRowsCount',
      'duplicateRowsCount',
      'optedOutRowsCount',
      'doNotContactRowsCount',
      'optimizedRowsCount',
      'lastLoadedAt',
      'createdAt',
    ],
  },
  sections: [{ title: 'Basic info', path: 'basic-info', fields: ['name', 'googleSheetKey'] }],
  favorite: true,
  menuOrder: 5,
  // A list's rows name its client's recipients: its Client and Agency users (and user views) see its lists only.
  ownedBy: 'clientId',
  ownerDefaultsToViewer: true,
  messages: { destroyed: 'The list has been deleted successfully' },
});
