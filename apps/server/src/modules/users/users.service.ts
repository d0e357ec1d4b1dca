import { user, type ResourceDef } from '@canvass/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { organizationUsers, users } from '../../platform/db/schema/index';
import { planList } from '../../platform/resources/list-query';
import {
  listedColumns,
  readPage,
  TOTAL_COUNT_CAP,
  type ResourceService,
} from '../../platform/resources/resource-service';
import { addUser } from './add-user';
import { attachViews, getUser, listColumns, selection, toRow, visibleUsersWhere } from './read-users';
import { removeUser } from './remove-user';
import { updateUser } from './update-user';

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
