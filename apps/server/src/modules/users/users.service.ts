import {
  childRowChanges,
  messages,
  normalizeAttributes,
  user,
  userDisplayStatus,
  userTypeOptions,
  validateAttributes,
  type FieldErrors,
  type ResourceDef,
  type RoleName,
} from '@canvass/domain';
import { and, count, eq, inArray, isNull, sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { viewerCan, type Viewer } from '../../platform/auth/viewer';
import { organizationUsers, teams, teamUsers, users, userViews } from '../../platform/db/schema/index';
import { syncMembership } from '../../platform/db/membership-sync';
import { withSystem, type Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { planList } from '../../platform/resources/list-query';
import { ownerCondition, visibleMembershipsWhere, visibleWhereOf } from '../../platform/resources/policy';
import {
  listedColumns,
  readPage,
  TOTAL_COUNT_CAP,
  type ResourceService,
  type Row,
  type WriteResult,
} from '../../platform/resources/resource-service';
import { tableOf } from '../tables';
import { invitationLink, mailInvitation } from './invitations.service';

/**
 * A user of an organization is a person (users: name, email, sign-in, lock) and its membership (organization_users:
 * type, team, client). Every query here starts from the membership of the viewer's organization, so the
 * organization is named in each; row-level security on organization_users and users is the second wall.
 */

/** What a list filters and sorts by, field → column: the person's own columns and its place in the organization. */
const listColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  userType: organizationUsers.role,
  clientId: organizationUsers.clientId,
  teamId: organizationUsers.teamId,
  createdAt: organizationUsers.createdAt,
};
const selection = {
  ...listColumns,
  updatedAt: users.updatedAt,
  // Locked by this organization, or the account locked as a whole.
  lockedAt: sql<Date | null>`coalesce(${organizationUsers.lockedAt}, ${users.lockedAt})`,
  deletedAt: users.deletedAt,
};
type Selected = { [K in keyof typeof selection]: unknown };

/** The users the viewer may see, on their memberships (policy.ts visibleMembershipsWhere). */
export const visibleUsersWhere = (viewer: Viewer): SQL => visibleMembershipsWhere(viewer, tableOf);

const members = (tx: Tx) =>
  tx.select({ row: selection }).from(organizationUsers).innerJoin(users, eq(users.id, organizationUsers.userId));

function toRow(r: Selected): Row {
  return { ...r, id: Number(r.id), userStatus: userDisplayStatus(r as { lockedAt: Date; deletedAt: Date }) } as Row;
}

/** Each user's views (the clients it is limited to) in this organization, as the form's Data Views rows. */
async function attachViews(tx: Tx, organizationId: number, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return rows;
  const views = await tx
    .select({ id: userViews.id, userId: userViews.userId, clientId: userViews.clientId })
    .from(userViews)
    .where(
      and(
        eq(userViews.organizationId, organizationId),
        inArray(
          userViews.userId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(userViews.id);
  for (const r of rows)
    r.clientUserViews = views.filter((v) => v.userId === r.id).map((v) => ({ id: v.id, clientId: v.clientId }));
  return rows;
}

async function getUser(tx: Tx, viewer: Viewer, id: number): Promise<Row | null> {
  if (!Number.isSafeInteger(id)) return null;
  const [found] = await members(tx).where(and(visibleUsersWhere(viewer), eq(organizationUsers.userId, id)));
  return found ? (await attachViews(tx, viewer.organizationId, [toRow(found.row)]))[0] : null;
}

/** Whether the viewer may give this type (spec §5 type options, read with §6: see userTypeOptions). */
function mayGiveType(viewer: Viewer, type: unknown): boolean {
  const can = (op: Parameters<typeof viewerCan>[1], resource: string) => viewerCan(viewer, op, resource);
  return userTypeOptions({ role: viewer.role, isAdmin: viewer.isAdmin, can }).includes(type as RoleName);
}

/** A client the viewer may see (its own policy), a team of the organization, data views among visible clients. */
async function checkReferences(tx: Tx, viewer: Viewer, attrs: Record<string, unknown>): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const clientsTable = tableOf('client') as PgTable & Record<string, PgColumn>;
  const visibleClients = async (ids: number[]) =>
    ids.length === 0
      ? 0
      : (
          await tx
            .select({ n: count() })
            .from(clientsTable)
            .where(and(visibleWhereOf('client', tableOf, viewer)!, inArray(clientsTable.id, ids)))
        )[0].n;
  if (attrs.clientId != null && (await visibleClients([Number(attrs.clientId)])) === 0)
    errors.clientId = ['Client not found'];
  if (attrs.teamId != null) {
    const [team] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.organizationId, viewer.organizationId), eq(teams.id, Number(attrs.teamId))));
    if (!team) errors.teamId = ['Team not found'];
  }
  const views = childRowChanges(user.fields.clientUserViews, attrs.clientUserViews as never, (_f, v) => v);
  const viewIds = [...new Set([...views.add, ...views.change.map((c) => c.values)].map((v) => Number(v.clientId)))];
  if ((await visibleClients(viewIds)) !== viewIds.length) errors.clientUserViews = ['Client not found'];
  return errors;
}

/**
 * Keeps team_users in step with memberships' teams: a user's own team has it as a member, so the team's users tab
 * lists everyone its figures count. Call it after every write of organization_users.team_id, in the same transaction
 * (search for joinTeams to review them).
 */
export async function joinTeams(
  tx: Tx,
  organizationId: number,
  members: readonly { userId: number; teamId: unknown }[],
): Promise<void> {
  const rows = members
    .filter((m) => m.teamId != null)
    .map((m) => ({ organizationId, teamId: Number(m.teamId), userId: m.userId }));
  if (!rows.length) return;
  await tx
    .insert(teamUsers)
    .values(rows)
    .onConflictDoNothing({ target: [teamUsers.organizationId, teamUsers.teamId, teamUsers.userId] });
}

/** Saves the Data Views rows: removed and emptied rows go, new ones are added (one client once). */
async function saveViews(tx: Tx, organizationId: number, userId: number, rows: unknown): Promise<void> {
  if (rows == null) return;
  const changes = childRowChanges(user.fields.clientUserViews, rows as never, (_f, v) => v);
  const own = and(eq(userViews.organizationId, organizationId), eq(userViews.userId, userId));
  if (changes.remove.length) await tx.delete(userViews).where(and(own, inArray(userViews.id, changes.remove)));
  for (const c of changes.change)
    await tx
      .update(userViews)
      .set({ clientId: Number(c.values.clientId) })
      .where(and(own, eq(userViews.id, c.id)));
  for (const a of changes.add)
    await tx
      .insert(userViews)
      .values({ organizationId, userId, clientId: Number(a.clientId) })
      .onConflictDoNothing();
}

/**
 * The account of an email, made when nobody has it yet (name as given, no password: the invitation sets one).
 * Accounts are global, so finding one by email crosses organizations: the one named system place of this module.
 */
async function accountFor(
  platform: Platform,
  email: string,
  name: string,
  organizationId: number,
): Promise<{ id: number; hasPassword: boolean; created: boolean }> {
  return withSystem(platform.database, 'add-user-account', async (tx) => {
    const byEmail = sql`lower(${users.email}) = lower(${email})`;
    const [found] = await tx.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(byEmail);
    if (found) return { id: found.id, hasPassword: found.passwordHash !== null, created: false };
    // The organization that invites a person is where its first sign-in lands.
    const [made] = await tx
      .insert(users)
      .values({ name, email, currentOrganizationId: organizationId })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (made) return { id: made.id, hasPassword: false, created: true };
    // Another request made it meanwhile.
    const [raced] = await tx.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(byEmail);
    return { id: raced.id, hasPassword: raced.passwordHash !== null, created: false };
  });
}

/**
 * Undoes accountFor's new account when the add that made it is refused, so a refused add leaves nothing behind (its
 * invitation link goes with it): only while the account is still bare (no password, no organization).
 */
async function dropNewAccount(platform: Platform, userId: number): Promise<void> {
  await withSystem(platform.database, 'add-user-account', (tx) =>
    tx.delete(users).where(and(eq(users.id, userId), isNull(users.passwordHash), sql`${users.organizationIds} = '{}'`)),
  );
}

function validate(attrs: Record<string, unknown>, viewer: Viewer, existing: Row | null): FieldErrors {
  return validateAttributes(user, attrs, { isCreate: existing === null, isAdmin: viewer.isAdmin }, existing ?? {});
}

/**
 * A new user as the viewer would add it (the Users screen's Add, an import's row): its attributes as they will be
 * saved (fields its type disables cleared, the form's default type) and what the form's rules and the types the
 * viewer may give say against it. References (client, team) are the caller's to find.
 */
export function checkNewUser(viewer: Viewer, raw: Record<string, unknown>) {
  const attrs = normalizeAttributes(user, { ...raw, userType: raw.userType ?? user.fields.userType.default });
  const errors = validate(attrs, viewer, null);
  if (!errors.userType && !mayGiveType(viewer, attrs.userType)) errors.userType = [messages.cannotBeChosen('Type')];
  return { attrs, errors };
}

/**
 * Whether a user the viewer adds may have no client: not for a viewer limited to some clients (visibleUsersWhere's
 * client limit), who would not see it. Add finds that out by reading the new user back; an import needs it first.
 */
export function mayAddWithoutClient(viewer: Viewer): boolean {
  return ownerCondition(organizationUsers.clientId, viewer, tableOf) === undefined;
}

/**
 * Adds a person to the viewer's organization by email: a known account at once (it sees the organization in its
 * switcher), an unknown one as a new account with an invitation mailed to it. A person already a user of the
 * organization is refused.
 */
async function addUser(
  tx: Tx,
  viewer: Viewer,
  raw: Record<string, unknown>,
  platform: Platform | undefined,
): Promise<WriteResult> {
  if (!platform) throw new Error('adding a user needs the platform (mail, accounts)');
  const { attrs, errors } = checkNewUser(viewer, raw);
  if (Object.keys(errors).length === 0) Object.assign(errors, await checkReferences(tx, viewer, attrs));
  if (Object.keys(errors).length) return { row: null, errors };

  const email = String(attrs.email).trim();
  const organizationId = viewer.organizationId;
  const account = await accountFor(platform, email, String(attrs.name).trim(), organizationId);
  const [already] = await tx
    .select({ userId: organizationUsers.userId })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, account.id)));
  if (already) return { row: null, errors: { email: [messages.alreadyMember] } };
  // Someone who has never set a password (new, or invited elsewhere and never came) is sent a link to set one;
  // issued before the membership is written (invitationLink says why), mailed only once the user is added.
  const link = account.hasPassword ? null : await invitationLink(platform, account.id);

  // A viewer limited to some clients adds only users it will see (one of its clients): otherwise the savepoint is
  // undone and the client field says why, as the generic writes do.
  const row = await tx
    .transaction(async (sp) => {
      await sp.insert(organizationUsers).values({
        organizationId,
        userId: account.id,
        role: attrs.userType as RoleName,
        clientId: attrs.clientId == null ? null : Number(attrs.clientId),
        teamId: attrs.teamId == null ? null : Number(attrs.teamId),
      });
      await syncMembership(sp, organizationId, account.id);
      await joinTeams(sp, organizationId, [{ userId: account.id, teamId: attrs.teamId }]);
      await saveViews(sp, organizationId, account.id, attrs.clientUserViews);
      const seen = await getUser(sp, viewer, account.id);
      if (!seen) sp.rollback();
      return seen;
    })
    .catch((err: unknown) => {
      if (err instanceof TransactionRollbackError) return null;
      throw err;
    });
  if (!row) {
    if (account.created) await dropNewAccount(platform, account.id);
    return { row: null, errors: { clientId: [messages.outsideYourClients] } };
  }
  if (link) await mailInvitation(platform, tx, account.id, organizationId, link);
  return { row, errors: {} };
}

/** Changes a user's name (the person's), team and client (its membership here) and data views. */
async function updateUser(tx: Tx, viewer: Viewer, id: number, raw: Record<string, unknown>): Promise<WriteResult> {
  const existing = await getUser(tx, viewer, id);
  if (!existing) return { row: null, errors: { base: [messages.notFound] } };
  // The type is fixed once added (spec §5): the rules read the saved one.
  const { email: _email, userType: _type, ...changes } = raw;
  const attrs = normalizeAttributes(user, { ...changes, userType: existing.userType });
  delete attrs.userType;
  const errors = validate(attrs, viewer, existing);
  if (Object.keys(errors).length === 0) Object.assign(errors, await checkReferences(tx, viewer, attrs));
  if (Object.keys(errors).length) return { row: null, errors };

  if (attrs.name != null)
    await tx
      .update(users)
      .set({ name: String(attrs.name).trim() })
      .where(eq(users.id, id));
  const place: Record<string, number | null> = {};
  for (const key of ['clientId', 'teamId'] as const)
    if (key in attrs) place[key] = attrs[key] == null ? null : Number(attrs[key]);
  if (Object.keys(place).length)
    await tx
      .update(organizationUsers)
      .set(place)
      .where(and(eq(organizationUsers.organizationId, viewer.organizationId), eq(organizationUsers.userId, id)));
  await joinTeams(tx, viewer.organizationId, [{ userId: id, teamId: attrs.teamId }]);
  await saveViews(tx, viewer.organizationId, id, attrs.clientUserViews);
  return { row: await getUser(tx, viewer, id), errors: {} };
}

/**
 * Removes a user from the viewer's organization: its membership, team memberships and data views here. Its account
 * and its other organizations are untouched; its tokens for this organization stop working at the next request
 * (resolveViewer finds no membership).
 */
export async function removeUser(tx: Tx, viewer: Viewer, id: number): Promise<WriteResult> {
  const existing = await getUser(tx, viewer, id);
  if (!existing) return { row: null, errors: { base: [messages.notFound] } };
  if (id === viewer.userId) return { row: null, errors: { base: [messages.cannotChangeYourself] } };
  const organizationId = viewer.organizationId;
  await tx.delete(userViews).where(and(eq(userViews.organizationId, organizationId), eq(userViews.userId, id)));
  await tx.delete(teamUsers).where(and(eq(teamUsers.organizationId, organizationId), eq(teamUsers.userId, id)));
  await tx
    .delete(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, id)));
  await syncMembership(tx, organizationId, id);
  return { row: existing, errors: {} };
}

/** Spec §4's display status as SQL, for an export: Deleted, else Locked (here or the account), else Active. */
const userStatusColumn = sql`CASE WHEN ${users.deletedAt} IS NOT NULL THEN 'Deleted' WHEN ${selection.lockedAt} IS NOT NULL THEN 'Locked' ELSE 'Active' END`;

/** The users resource, served by the generic GraphQL machinery (registerResource) over the membership join. */
export const usersService: ResourceService = {
  def: user,
  table: users,
  source: {
    from: organizationUsers,
    join: { table: users, on: eq(users.id, organizationUsers.userId) },
    columns: { ...listColumns, userStatus: userStatusColumn },
  },
  visibleWhere: visibleUsersWhere,
  listScope: async (_tx, viewer) => visibleUsersWhere(viewer),
  async list(tx, viewer, args, opts = {}) {
    const plan = planList(listedColumns(usersService), user, args, visibleUsersWhere(viewer));
    const page = await readPage(
      plan,
      async (segment, limit) =>
        (
          await tx
            .select({ row: selection, sortKey: sql`${plan.sortColumn}` })
            .from(organizationUsers)
            .innerJoin(users, eq(users.id, organizationUsers.userId))
            .where(and(plan.where, segment))
            .orderBy(...plan.orderBy)
            .limit(limit)
        ).map((r) => ({ row: toRow(r.row), sortKey: r.sortKey })),
      opts.count === false
        ? null
        : async () => {
            const upTo = tx
              .select({ one: sql`1` })
              .from(organizationUsers)
              .innerJoin(users, eq(users.id, organizationUsers.userId))
              .where(plan.where)
              .limit(TOTAL_COUNT_CAP + 1)
              .as('up_to_cap');
            const [{ n }] = await tx.select({ n: count() }).from(upTo);
            return n;
          },
    );
    if (opts.decorate !== false) await attachViews(tx, viewer.organizationId, page.rows);
    return page;
  },
  async exportColumns() {
    const def: ResourceDef = user;
    return def.list.exportColumns.map((name) => ({ name, label: def.fields[name].label }));
  },
  get: getUser,
  blank() {
    return { name: null, email: null, userType: user.fields.userType.default, clientId: null, teamId: null };
  },
  create: (tx, viewer, attrs, env) => addUser(tx, viewer, attrs, env?.platform),
  update: (tx, viewer, id, attrs) => updateUser(tx, viewer, id, attrs),
  destroy: removeUser,
};
