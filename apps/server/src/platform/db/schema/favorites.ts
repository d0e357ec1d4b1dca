import { sql } from 'drizzle-orm';
import { check, pgTable, unique } from 'drizzle-orm/pg-core';
import { id, organizationId, refId, tenantPolicy, timestamps } from './_columns';
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
    id: id(),
    organizationId: organizationId(() => organizations.id),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: refId('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    listId: refId('list_id').references(() => lists.id, { onDelete: 'cascade' }),
    phoneId: refId('phone_id').references(() => phones.id, { onDelete: 'cascade' }),
    projectId: refId('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    teamId: refId('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('favorites'),
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
