import { sql } from 'drizzle-orm';
import { check, pgTable, unique } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { clients } from './clients';
import { lists } from './lists';
import { organizations } from './organizations';
import { phones } from './phones';
import { projects } from './projects';
import { teams } from './teams';
import { users } from './users';

/** A user's favorite: exactly one of client, list, phone, project or team. */
export const favorites = pgTable(
  'favorites',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: refId('client_id'),
    listId: refId('list_id'),
    phoneId: refId('phone_id'),
    projectId: refId('project_id'),
    teamId: refId('team_id'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('favorites'),
    tenantKey('favorites', t),
    tenantRef('favorites', t, t.clientId, clients, 'cascade'),
    tenantRef('favorites', t, t.listId, lists, 'cascade'),
    tenantRef('favorites', t, t.phoneId, phones, 'cascade'),
    tenantRef('favorites', t, t.projectId, projects, 'cascade'),
    tenantRef('favorites', t, t.teamId, teams, 'cascade'),
    check(
      'favorites_one_target',
      sql`num_nonnulls(${t.clientId}, ${t.listId}, ${t.phoneId}, ${t.projectId}, ${t.teamId}) = 1`,
    ),
    // With exactly one target set, NULLS NOT DISTINCT makes this "once per user and target".
    unique('favorites_user_target_key')
      .on(t.organizationId, t.userId, t.clientId, t.listId, t.phoneId, t.projectId, t.teamId)
      .nullsNotDistinct(),
  ],
);
