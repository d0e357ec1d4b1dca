import { TeamStatus } from '../enums';
import { defineResource, field, oneOf, text } from '../resource';

/**
 * A team (spec §2 teams row, §3 Team): a group of texters given to projects. Its members and leads are the
 * team_users rows, managed from its users tab; usersCount counts the users whose own team it is.
 */
export const team = defineResource({
  name: 'team',
  plural: 'teams',
  typeName: 'Team',
  label: 'Team',
  pluralLabel: 'Teams',
  path: 'teams',
  fields: {
    name: text('Name', { required: true, maxLength: 255 }),
    teamStatus: oneOf(TeamStatus, 'Status', { required: true, default: 'Active' }),
    membersCount: field('number', 'Members', { readOnly: true, required: true, integer: true }),
    usersCount: field('number', 'Users', { readOnly: true, required: true, integer: true }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['name', 'teamStatus', 'membersCount', 'createdAt'],
    search: 'name',
    sortBy: 'createdAt',
    sortOrder: 'Desc',
    // The counts are computed per page, not columns an index can order.
    sortable: ['name', 'teamStatus', 'createdAt'],
    exportColumns: ['name', 'teamStatus', 'createdAt'],
  },
  sections: [{ title: 'General', path: 'general', fields: ['name', 'teamStatus'] }],
  statusField: 'teamStatus',
  favorite: true,
  inlineCreate: true,
  ownedBy: null,
  messages: {
    destroyed: 'The team has been deleted successfully',
    discardNew: 'All the filled data will be lost',
  },
});
