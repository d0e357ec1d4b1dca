import { childRowChanges, project, projectMessages, type ChildRowInput, type FieldErrors } from '@canvass/domain';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../platform/auth/viewer';
import { columnsOf } from '../../platform/db/columns';
import {
  organizationUsers,
  phones,
  projectPhones,
  projectTeams,
  projectTexters,
  teams,
} from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import type { Row } from '../../platform/resources/resource-service';

/**
 * A project's phones, teams and texters edited with it (spec §7 "projectTexters, projectTeams, projectPhones with
 * _destroy flags"): the same children rows as a client's phone numbers (childRowChanges), each stored in its own
 * table, one row per phone, team or user of the project.
 */
type ChildName = 'projectPhones' | 'projectTeams' | 'projectTexters';

const tables: Record<ChildName, { table: PgTable; key: string }> = {
  projectPhones: { table: projectPhones, key: 'phoneId' },
  projectTeams: { table: projectTeams, key: 'teamId' },
  projectTexters: { table: projectTexters, key: 'userId' },
};

const truthy = (v: unknown) => v === true || v === 'true';
const changesOf = (name: ChildName, rows: readonly ChildRowInput[] | null | undefined) =>
  childRowChanges(project.fields[name], rows, (_f, v) => v);

/** The saved rows of one children field of these projects, oldest first. */
export async function loadChildren(tx: Tx, organizationId: number, name: ChildName, projectIds: number[]) {
  const { table } = tables[name];
  const c = columnsOf(table);
  return (await tx
    .select()
    .from(table)
    .where(and(eq(c.organizationId, organizationId), inArray(c.projectId, projectIds)))
    .orderBy(c.id)) as Row[];
}

/** The ids a field's kept rows name (phones, teams, users), for checking they exist here. */
function namedIds(name: ChildName, rows: readonly ChildRowInput[] | null | undefined): number[] {
  const { add, change } = changesOf(name, rows);
  return [...add, ...change.map((c) => c.values)].map((v) => Number(v[tables[name].key]));
}

/**
 * The rows a save would leave for the project: stored rows not removed, changed rows with their new values, new rows.
 * Checks (one primary, quotas) judge the result, not the request alone.
 */
function resultingRows(name: ChildName, stored: Row[], rows: readonly ChildRowInput[] | null | undefined) {
  const { remove, change, add } = changesOf(name, rows);
  const kept = stored
    .filter((s) => !remove.includes(s.id))
    .map((s) => {
      const changed = change.find((c) => c.id === s.id);
      return changed ? { ...s, ...changed.values, id: s.id } : s;
    });
  return [...kept, ...add];
}

/**
 * The rules of the children rows (spec §4/§5): the phones, teams and texters exist in the organization; one phone
 * at most is primary, and only an Active number of an uncompleted project; a texter's quota is required on a new
 * project and changed only by whom the lifecycle allows (`mayEditQuota`).
 */
export async function checkChildren(
  tx: Tx,
  viewer: Viewer,
  attrs: {
    projectPhones?: ChildRowInput[] | null;
    projectTeams?: ChildRowInput[] | null;
    projectTexters?: ChildRowInput[] | null;
  },
  existing: Row | null,
  mayEditQuota: boolean,
  /** The project's client as the save leaves it: whose numbers may send. */
  clientId: number | null,
): Promise<FieldErrors> {
  const org = viewer.organizationId;
  const errors: FieldErrors = {};
  const stored = async (name: ChildName) => (existing ? loadChildren(tx, org, name, [existing.id]) : []);
  const missing = async (name: ChildName, found: (ids: number[]) => Promise<number[]>, label: string) => {
    const ids = namedIds(name, attrs[name]);
    if (!ids.length) return;
    const have = new Set(await found(ids));
    if (ids.some((id) => !have.has(id))) errors[name] = [`${label} not found`];
  };

  if (attrs.projectPhones) {
    await missing(
      'projectPhones',
      async (ids) =>
        (
          await tx
            .select({ id: phones.id })
            .from(phones)
            .where(and(eq(phones.organizationId, org), inArray(phones.id, ids)))
        ).map((r) => r.id),
      'Phone',
    );
    // A newly named sender is a purchased number (not a client's contact phone or a recipient's) that the project's
    // client may use: its own or the organization's (issue 35 §5: another client's numbers were offered and taken).
    const named = namedIds('projectPhones', attrs.projectPhones);
    if (named.length && !errors.projectPhones) {
      const usable = await tx
        .select({ id: phones.id })
        .from(phones)
        .where(
          and(
            eq(phones.organizationId, org),
            inArray(phones.id, named),
            eq(phones.phoneType, 'FromPhone'),
            clientId == null ? isNull(phones.clientId) : or(isNull(phones.clientId), eq(phones.clientId, clientId)),
          ),
        );
      if (usable.length < new Set(named).size) errors.projectPhones = [projectMessages.senderNotOfClient];
    }
    const before = await stored('projectPhones');
    const after = resultingRows('projectPhones', before, attrs.projectPhones);
    const primaries = after.filter((r) => truthy(r.isPrimary));
    const newPrimary = primaries.find((p) => !before.some((b) => b.id === p.id && truthy(b.isPrimary)));
    if (primaries.length > 1) errors.projectPhones = [projectMessages.onePrimary];
    else if (newPrimary && existing?.projectStatus === 'Complete')
      errors.projectPhones = [projectMessages.primaryCompleted];
    else if (newPrimary) {
      const [phone] = await tx
        .select({ status: phones.phoneStatus })
        .from(phones)
        .where(and(eq(phones.organizationId, org), eq(phones.id, Number(newPrimary.phoneId))));
      if (phone && phone.status !== 'Active') errors.projectPhones = [projectMessages.primaryNeedsActive];
    }
  }
  if (attrs.projectTeams)
    await missing(
      'projectTeams',
      async (ids) =>
        (
          await tx
            .select({ id: teams.id })
            .from(teams)
            .where(and(eq(teams.organizationId, org), inArray(teams.id, ids)))
        ).map((r) => r.id),
      'Team',
    );
  if (attrs.projectTexters) {
    await missing(
      'projectTexters',
      async (ids) =>
        (
          await tx
            .select({ id: organizationUsers.userId })
            .from(organizationUsers)
            .where(and(eq(organizationUsers.organizationId, org), inArray(organizationUsers.userId, ids)))
        ).map((r) => r.id),
      'Texter',
    );
    const quotaErrors = await checkQuotas(
      attrs.projectTexters,
      existing ? await stored('projectTexters') : null,
      mayEditQuota,
    );
    Object.assign(errors, quotaErrors);
  }
  return errors;
}

/** Spec §5: a quota on every texter of a new project; on a saved one, changed only by whom the lifecycle allows. */
async function checkQuotas(
  rows: readonly ChildRowInput[],
  stored: Row[] | null,
  mayEdit: boolean,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  rows.forEach((row, i) => {
    if (row._destroy) return;
    const quota = row.quota == null || String(row.quota).trim() === '' ? null : Number(row.quota);
    if (stored === null) {
      if (quota === null) errors[`projectTexters.${i}.quota`] = ['Quota is required'];
      return;
    }
    const before = row.id == null || row.id === '' ? undefined : stored.find((s) => s.id === Number(row.id));
    const changed = before ? (before.quota ?? null) !== quota : quota !== null;
    if (changed && !mayEdit) errors[`projectTexters.${i}.quota`] = [projectMessages.quotaNotEditable];
  });
  return errors;
}

/** Area code and campaign of a project phone come from the phone itself. */
async function phoneFacts(tx: Tx, org: number, ids: number[]) {
  if (!ids.length) return new Map<number, { areaCode: string; campaignId: number | null }>();
  const rows = await tx
    .select({ id: phones.id, number: phones.number, campaignId: phones.campaignId })
    .from(phones)
    .where(and(eq(phones.organizationId, org), inArray(phones.id, ids)));
  return new Map(rows.map((r) => [r.id, { areaCode: r.number.slice(0, 3), campaignId: r.campaignId }]));
}

/** Applies the rows of the three children fields that the attributes carry; absent fields are left as they are. */
export async function saveChildren(
  tx: Tx,
  projectId: number,
  organizationId: number,
  attrs: {
    projectPhones?: ChildRowInput[] | null;
    projectTeams?: ChildRowInput[] | null;
    projectTexters?: ChildRowInput[] | null;
  },
): Promise<void> {
  for (const name of ['projectPhones', 'projectTeams', 'projectTexters'] as const) {
    const rows = attrs[name];
    if (!rows) continue;
    const { table, key } = tables[name];
    const c = columnsOf(table);
    const mine = and(eq(c.organizationId, organizationId), eq(c.projectId, projectId));
    const changes = changesOf(name, rows);
    const facts =
      name === 'projectPhones'
        ? await phoneFacts(
            tx,
            organizationId,
            [...changes.add, ...changes.change.map((x) => x.values)].map((v) => Number(v.phoneId)),
          )
        : null;
    const valuesOf = (v: Record<string, string | null>) => {
      const out: Record<string, unknown> = { [key]: Number(v[key]) };
      if (name === 'projectPhones') {
        out.isPrimary = truthy(v.isPrimary);
        Object.assign(out, facts!.get(Number(v.phoneId)) ?? {});
      }
      if (name === 'projectTexters') out.quota = v.quota == null ? null : Number(v.quota);
      return out;
    };
    if (changes.remove.length) await tx.delete(table).where(and(mine, inArray(c.id, changes.remove)));
    // A primary moving between two rows would meet the one-primary index half way: clear first, then set.
    if (
      name === 'projectPhones' &&
      [...changes.add, ...changes.change.map((x) => x.values)].some((v) => truthy(v.isPrimary))
    )
      await tx.update(projectPhones).set({ isPrimary: false }).where(mine);
    for (const { id, values } of changes.change)
      await tx
        .update(table)
        .set({ ...valuesOf(values), updatedAt: new Date() })
        .where(and(mine, eq(c.id, id)));
    if (changes.add.length)
      await tx
        .insert(table)
        .values(changes.add.map((v) => ({ ...valuesOf(v), organizationId, projectId })))
        .onConflictDoNothing();
  }
}
