import { Role, UserDisplayStatus } from '../enums';
import { children, defineResource, field, oneOf, ref, text } from '../resource';
import { CLIENT_USER_TYPES } from '../users';

/**
 * A user of the current organization (spec §3 User). People are global (one sign-in, table users) and belong to
 * organizations through memberships (organization_users: type, team, client), so this entry is served by the users
 * module over that join, not by the generic table service; it is not in `resources` (whose every entry is one
 * tenant table) and the users module's own tests cover its tenancy and policy.
 */
export const user = defineResource({
  name: 'user',
  plural: 'users',
  typeName: 'User',
  label: 'User',
  pluralLabel: 'Users',
  path: 'users',
  fields: {
    name: text('Name', { required: true, maxLength: 255 }),
    // The email is the person's sign-in in every organization it belongs to: fixed once added, so one
    // organization cannot move another's account to an address of its choosing.
    email: field('email', 'Email', { required: true, createOnly: true, maxLength: 255 }),
    userType: oneOf(Role, 'Type', { required: true, createOnly: true, default: 'Texter' }),
    clientId: ref('client', 'client', 'Client', { enabledWhen: { userType: CLIENT_USER_TYPES } }),
    teamId: ref('team', 'team', 'Team', { disabledWhen: { userType: CLIENT_USER_TYPES } }),
    userStatus: oneOf(UserDisplayStatus, 'Status', { readOnly: true, required: true }),
    clientUserViews: children('Data Views', {
      typeName: 'UserView',
      rowLabel: 'client',
      fields: { clientId: field('number', 'Client', { required: true, integer: true }) },
    }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['name', 'email', 'userType', 'clientId', 'teamId', 'userStatus', 'createdAt'],
    search: 'name',
    sortBy: 'name',
    sortOrder: 'Asc',
    sortable: ['name', 'email', 'createdAt'],
    exportColumns: ['name', 'email', 'userType', 'clientId', 'teamId', 'userStatus', 'createdAt'],
  },
  sections: [
    { title: 'General', path: 'general', fields: ['name', 'email', 'userType', 'clientId', 'teamId'] },
    { title: 'Data Views', path: 'data-views', fields: ['clientUserViews'] },
  ],
  ownedBy: 'clientId',
  // Spec §8: 'The user has been locked successfully' is shown for any status operation, Delete included.
  messages: { destroyed: 'The user has been locked successfully' },
});
