import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { teamStatusEnum } from './enums';
import { organizations } from './organizations';
// eslint-disable-next-line import-x/no-cycle -- Drizzle tables that reference each other (team_members references users and organization_users.team_id references teams).
import { users } from './users';

/** A group of texters that can be assigned to projects. */
export const teams = pgTable(
  'teams',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    teamStatus: teamStatusEnum('team_status').notNull().default('Active'),
    mediaUrl: text('media_url'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('teams'),
    tenantKey('teams', t),
    // The list's sort columns, each ending in id for keyset paging (sort-indexes.test.ts).
    index('teams_org_name_idx').on(t.organizationId, t.name, t.id),
    index('teams_org_status_idx').on(t.organizationId, t.teamStatus, t.id),
    index('teams_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);

/** A team's members. organization_users.team_id is a user's own team; membership here may span several teams. */
export const teamUsers = pgTable(
  'team_users',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    teamId: refId('team_id').notNull(),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A team lead of this team (spec §6 TeamLead); marked and unmarked on the team's users tab.
    isLead: boolean('is_lead').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('team_users'),
    tenantKey('team_users', t),
    tenantRef('team_users', t, t.teamId, teams, 'cascade'),
    uniqueIndex('team_users_team_user_key').on(t.organizationId, t.teamId, t.userId),
    index('team_users_org_user_idx').on(t.organizationId, t.userId),
  ],
);
