import { Carrier, ListFilterType } from '../enums';
import { defineResource, field, oneOf, ref, text } from '../resource';

/**
 * A list filter (spec §3 ListFilter, §4 list filter types): which recipients a send leaves out. With neither a client
 * nor a project it is the organization's; with a client, that client's; with a project, that project's (the table
 * allows one of the two at most; effectiveListFilters gives project over client over organization).
 */
export const listFilter = defineResource({
  name: 'listFilter',
  plural: 'listFilters',
  typeName: 'ListFilter',
  label: 'List filter',
  pluralLabel: 'List filters',
  path: 'list-filters',
  fields: {
    listFilterType: oneOf(ListFilterType, 'Type', { required: true }),
    // The carrier values that are line kinds (Landline, Mobile, VOIP) are the Landline filter's business, and
    // Client is a sender's carrier, never a recipient's.
    carrier: oneOf(Carrier, 'Carrier', {
      exclude: ['Client', 'Landline', 'Mobile', 'VOIP'],
      enabledWhen: { listFilterType: 'Carrier' },
    }),
    state: text('State', {
      maxLength: 2,
      placeholder: 'FL',
      format: 'usState',
      enabledWhen: { listFilterType: 'State' },
    }),
    // A filter is part of its client's settings: it moves to no other level and goes with the client.
    clientId: ref('client', 'client', 'Client', { createOnly: true, deletedWith: true }),
    // A project's own filters (spec §2 projects/{id}/list-filters), made on the project's tab and gone with it.
    projectId: ref('project', 'project', 'Project', { createOnly: true, deletedWith: true }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['listFilterType', 'carrier', 'state', 'clientId'],
    // The one free-text value a filter has; the type, carrier and client are picked from lists.
    search: 'state',
    sortBy: 'listFilterType',
    sortOrder: 'Asc',
    exportColumns: ['listFilterType', 'carrier', 'state', 'clientId', 'createdAt'],
  },
  sections: [{ title: 'General', path: 'general', fields: ['listFilterType', 'carrier', 'state', 'clientId'] }],
  ownedBy: 'clientId',
  messages: { destroyed: 'The list filter has been deleted successfully' },
});
