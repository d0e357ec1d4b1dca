import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  pgEnum,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { NotificationChannel, Role } from '@canvass/domain';
import {
  appRole,
  id,
  organizationId,
  refId,
  tenantId,
  tenantKey,
  tenantPolicy,
  tenantRef,
  timestamps,
} from './_columns';
import { clients } from './clients';
import { organizations } from './organizations';
// eslint-disable-next-line import-x/no-cycle -- Drizzle tables that reference each other (organization_users.team_id references teams and team_members references users).
import { teams } from './teams';

export const roleEnum = pgEnum('role', Role.values as [string, ...string[]]);
export const notificationChannelEnum = pgEnum(
  'notification_channel',
  NotificationChannel.values as [string, ...string[]],
);

/**
 * People. A user is global (one sign-in) and belongs to organizations through memberships. The app role sees
 * a user only when the user shares a visible organization or is the transaction's own user.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    username: text('username'),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    currentOrganizationId: refId('current_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    googleEmailAddress: text('google_email_address'),
    googleRefreshToken: text('google_refresh_token'),
    oidcSubject: text('oidc_subject'),
    mediaUrl: text('media_url'),
    notificationChannel: notificationChannelEnum('notification_channel'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // The organizations the user is a member of: a copy of its organization_users rows, kept for the policy below
    // alone. Written only by syncMembership (platform/db/membership-sync.ts), which every membership write calls in
    // its transaction and which reads organization_users itself.
    organizationIds: bigint('organization_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_oidc_subject_key').on(t.oidcSubject),
    pgPolicy('users_visible', {
      as: 'permissive',
      for: 'all',
      to: appRole,
      // The membership test reads the row itself, not organization_users: on Citus, users is a reference table that
      // queries join to distributed tables (memberships, team members, opt-out changes, exports), and such a join
      // runs on a worker's shard, where a policy that reads a distributed table is refused ("cannot execute a
      // distributed query from a query on a shard").
      using: sql`current_setting('app.system', true) = 'on' OR id = nullif(current_setting('app.user_id', true), '')::bigint OR organization_ids && string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]`,
    }),
    // A user made outside the system handle starts in no organization: only the membership writes put it in one.
    pgPolicy('users_insert_without_organizations', {
      as: 'restrictive',
      for: 'insert',
      to: appRole,
      withCheck: sql`current_setting('app.system', true) = 'on' OR organization_ids = '{}'`,
    }),
  ],
);

/** A user's place in one organization: role, team, client (for Client-type users). */
export const organizationUsers = pgTable(
  'organization_users',
  {
    organizationId: organizationId(() => organizations.id),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    teamId: bigint('team_id', { mode: 'number' }),
    clientId: bigint('client_id', { mode: 'number' }),
    // Locked by this organization (spec §4 User lockedAt, as the organization sees it): the user cannot sign in
    // here, and its tokens for here stop working; its other organizations are theirs to decide.
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    tenantRef('organization_users', t, t.teamId, teams, 'restrict'),
    tenantRef('organization_users', t, t.clientId, clients, 'restrict'),
    index('organization_users_user_idx').on(t.userId),
    index('organization_users_org_team_idx').on(t.organizationId, t.teamId),
    index('organization_users_org_client_idx').on(t.organizationId, t.clientId),
    tenantPolicy('organization_users'),
  ],
);

/** User views (spec §3 User.userViews): when a user has any, it sees only these clients. */
export const userViews = pgTable(
  'user_views',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: refId('client_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('user_views_user_client_key').on(t.organizationId, t.userId, t.clientId),
    tenantPolicy('user_views'),
    tenantKey('user_views', t),
    tenantRef('user_views', t, t.clientId, clients, 'cascade'),
  ],
);

/** Per-organization permissions of a role (spec §6): resource × operations. Seeded from the domain defaults. */
export const restrictions = pgTable(
  'restrictions',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    role: roleEnum('role').notNull(),
    resource: text('resource').notNull(),
    operations: text('operations').array().notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('restrictions_role_resource_key').on(t.organizationId, t.role, t.resource),
    tenantPolicy('restrictions'),
    tenantKey('restrictions', t),
  ],
);
