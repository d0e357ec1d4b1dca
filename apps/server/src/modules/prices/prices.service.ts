import {
  CampaignType,
  headerPrice,
  isDroppedPriceRow,
  MessagingServiceType,
  organizationMessages,
  priceMessages,
  priceRowErrors,
  priceStart,
  type FieldErrors,
  type PriceLevel,
  type PriceRowInput,
} from '@canvass/domain';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { isOrganizationAdmin } from '../../platform/auth/organization-admin';
import { ForbiddenError, viewerCan, type Viewer } from '../../platform/auth/viewer';
import { clients, prices, projects } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { ownerCondition, visibleWhereOf } from '../../platform/resources/policy';
import { tableOf } from '../tables';

/**
 * Prices at the three levels of spec §3 (organization, client, project): one path that reads, checks and saves
 * a level's rows (spec §5), and the price that applies to a project or client (the most specific level, then the
 * latest start). Prices are decimal text from the column to the API (numeric(12, 4)): never a float.
 */

export type PriceRow = typeof prices.$inferSelect;

/** The rows of one level: the organization's own, a client's, or a project's. */
export type PriceScope =
  { level: 'Organization' } | { level: 'Client'; clientId: number } | { level: 'Project'; projectId: number };

/** The scope a client id or a project id names (neither: the organization's); null when both are given. */
export function priceScopeOf(clientId: number | null, projectId: number | null): PriceScope | null {
  if (clientId !== null && projectId !== null) return null;
  if (clientId !== null) return { level: 'Client', clientId };
  if (projectId !== null) return { level: 'Project', projectId };
  return { level: 'Organization' };
}

/** The level a stored row belongs to. */
export const levelOf = (row: Pick<PriceRow, 'clientId' | 'projectId'>): PriceLevel =>
  row.projectId !== null ? 'Project' : row.clientId !== null ? 'Client' : 'Organization';

const scopeOfRow = (row: PriceRow): PriceScope =>
  row.projectId !== null
    ? { level: 'Project', projectId: row.projectId }
    : row.clientId !== null
      ? { level: 'Client', clientId: row.clientId }
      : { level: 'Organization' };

/** The rows of one level, in the organization named. */
function inScope(organizationId: number, scope: PriceScope): SQL {
  const org = eq(prices.organizationId, organizationId);
  if (scope.level === 'Client') return and(org, eq(prices.clientId, scope.clientId), isNull(prices.projectId))!;
  if (scope.level === 'Project') return and(org, eq(prices.projectId, scope.projectId), isNull(prices.clientId))!;
  return and(org, isNull(prices.clientId), isNull(prices.projectId))!;
}

/**
 * The projects the viewer may see: the registry's project policy once projects are a registry resource, until
 * then the same client limit (spec §6) on the project's client.
 */
function visibleProjects(viewer: Viewer): SQL {
  const policy = visibleWhereOf('project', tableOf, viewer);
  if (policy) return policy;
  const owner = ownerCondition(projects.clientId, viewer, tableOf);
  const org = eq(projects.organizationId, viewer.organizationId);
  return owner ? and(org, owner)! : org;
}

type Access = { ok: true } | { ok: false; errors: FieldErrors };
const NOT_FOUND: Access = { ok: false, errors: { base: ['Not found'] } };

/**
 * Whether the viewer may read (View) or change (Update) a level's prices (spec §6): the organization's with its
 * View on Organization, or as an organization admin to change them; a client's or a project's with the role's
 * View/Update on Client or Project (ForbiddenError without it) and only for a client it may see (a Client-role user:
 * its own client and its projects; 'Not found' for the others). A Complete project's pricing is locked (issue 13).
 */
export async function priceAccess(tx: Tx, viewer: Viewer, scope: PriceScope, op: 'View' | 'Update'): Promise<Access> {
  if (scope.level === 'Organization') {
    const may = op === 'View' ? viewerCan(viewer, 'View', 'Organization') : isOrganizationAdmin(viewer);
    return may ? { ok: true } : { ok: false, errors: { base: [organizationMessages.onlyAdmins] } };
  }
  if (scope.level === 'Client') {
    if (!viewerCan(viewer, op, 'Client')) throw new ForbiddenError();
    const visible = visibleWhereOf('client', tableOf, viewer)!;
    const [hit] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(visible, eq(clients.id, scope.clientId)));
    return hit ? { ok: true } : NOT_FOUND;
  }
  if (!viewerCan(viewer, op, 'Project')) throw new ForbiddenError();
  const [project] = await tx
    .select({ status: projects.projectStatus })
    .from(projects)
    .where(and(visibleProjects(viewer), eq(projects.id, scope.projectId)));
  if (!project) return NOT_FOUND;
  if (op === 'Update' && project.status === 'Complete') return { ok: false, errors: { base: [priceMessages.locked] } };
  return { ok: true };
}

/** The rows of one level, by start date then kind. */
export async function loadPrices(tx: Tx, organizationId: number, scope: PriceScope): Promise<PriceRow[]> {
  return tx
    .select()
    .from(prices)
    .where(inScope(organizationId, scope))
    .orderBy(
      asc(prices.startAt),
      asc(prices.messagingServiceType),
      asc(prices.campaignType),
      desc(prices.isSent),
      asc(prices.id),
    );
}

/** One price row by id, when the viewer may see the level it belongs to. */
export async function findPrice(tx: Tx, viewer: Viewer, id: number): Promise<PriceRow | null> {
  const [row] = await tx
    .select()
    .from(prices)
    .where(and(eq(prices.organizationId, viewer.organizationId), eq(prices.id, id)));
  if (!row) return null;
  return (await priceAccess(tx, viewer, scopeOfRow(row), 'View')).ok ? row : null;
}

const idOf = (row: PriceRowInput) => (row.id == null || row.id === '' ? null : Number(row.id));

/** One kind of message from one moment: two rows of a level may not share it. */
const kindAt = (r: { messagingServiceType?: unknown; campaignType?: unknown; isSent?: unknown; startAt: Date }) =>
  [r.messagingServiceType, r.campaignType, r.isSent !== false, r.startAt.getTime()].join();

/**
 * Every problem of a level's rows (spec §5) keyed `{name}.{i}.{field}`: the rules of the domain, a row that names a
 * price this level does not hold (another level's, another organization's), and a row that gives a kind of message
 * a price from the same moment as a saved row it leaves alone. A level holds a few dozen rows: read whole.
 */
export async function priceProblems(
  tx: Tx,
  organizationId: number,
  scope: PriceScope,
  rows: readonly PriceRowInput[],
  name = 'prices',
): Promise<FieldErrors> {
  const errors = priceRowErrors(rows, name);
  const validId = (id: number) => Number.isSafeInteger(id) && id > 0;
  const stored = await tx
    .select({
      id: prices.id,
      messagingServiceType: prices.messagingServiceType,
      campaignType: prices.campaignType,
      isSent: prices.isSent,
      startAt: prices.startAt,
    })
    .from(prices)
    .where(inScope(organizationId, scope));
  const held = new Set(stored.map((r) => r.id));
  const sent = new Set(rows.map(idOf).filter((id): id is number => id !== null));
  const untouched = new Set(stored.filter((r) => !sent.has(r.id)).map(kindAt));
  rows.forEach((row, i) => {
    const id = idOf(row);
    if (id !== null && (!validId(id) || !held.has(id))) errors[`${name}.${i}.id`] = [priceMessages.notFound];
    if (isDroppedPriceRow(row) || errors[`${name}.${i}.startAt`]) return;
    if (untouched.has(kindAt({ ...row, startAt: priceStart(String(row.startAt)) })))
      errors[`${name}.${i}.startAt`] = [priceMessages.twice];
  });
  return errors;
}

/**
 * Applies a level's rows, checked before (priceProblems): a saved row marked _destroy or left without a price is
 * removed, a new one without a price ignored (all-empty rows too); the others are updated or added.
 */
export async function savePrices(
  tx: Tx,
  organizationId: number,
  scope: PriceScope,
  rows: readonly PriceRowInput[],
): Promise<void> {
  const mine = inScope(organizationId, scope);
  const owner = {
    clientId: scope.level === 'Client' ? scope.clientId : null,
    projectId: scope.level === 'Project' ? scope.projectId : null,
  };
  const remove: number[] = [];
  const add: (typeof prices.$inferInsert)[] = [];
  for (const row of rows) {
    const id = idOf(row);
    if (isDroppedPriceRow(row)) {
      if (id !== null) remove.push(id);
      continue;
    }
    const values = {
      price: String(row.price).trim(),
      isSent: row.isSent ?? true,
      campaignType: row.campaignType as CampaignType,
      messagingServiceType: row.messagingServiceType as MessagingServiceType,
      startAt: priceStart(String(row.startAt)),
    };
    if (id === null) add.push({ ...values, ...owner, organizationId });
    else
      await tx
        .update(prices)
        .set({ ...values, updatedAt: new Date() })
        .where(and(mine, eq(prices.id, id)));
  }
  if (remove.length) await tx.delete(prices).where(and(mine, inArray(prices.id, remove)));
  if (add.length) await tx.insert(prices).values(add);
}

type CampaignType = (typeof CampaignType.values)[number];
type MessagingServiceType = (typeof MessagingServiceType.values)[number];

/**
 * updatePrices: a level's rows saved all or none (one savepoint), after the viewer's access and every rule; the
 * level's rows as they now are, or the errors keyed by row and field.
 */
export async function updatePrices(
  tx: Tx,
  viewer: Viewer,
  scope: PriceScope,
  rows: readonly PriceRowInput[],
): Promise<{ rows: PriceRow[] | null; errors: FieldErrors }> {
  const access = await priceAccess(tx, viewer, scope, 'Update');
  if (!access.ok) return { rows: null, errors: access.errors };
  const errors = await priceProblems(tx, viewer.organizationId, scope, rows);
  if (Object.keys(errors).length) return { rows: null, errors };
  await tx.transaction((sp) => savePrices(sp, viewer.organizationId, scope, rows));
  return { rows: await loadPrices(tx, viewer.organizationId, scope), errors: {} };
}

/** The price that applies to one kind of message, and where it comes from; null price and level when none does. */
export interface ApplicablePrice {
  messagingServiceType: MessagingServiceType;
  campaignType: CampaignType;
  isSent: boolean;
  price: string | null;
  level: PriceLevel | null;
  startAt: Date | null;
  priceId: number | null;
  /** Spec §9's header price, what an estimate uses when no row applies. */
  headerPrice: string;
}

/** What applicable prices are asked for: a project (its own, its client's, the organization's) or a client. */
export type PricedTarget = { projectId: number } | { clientId: number };

/**
 * For each kind of message (service × campaign type × direction), the price of the most specific level (project,
 * else client, else organization) that has one started by `at`, the latest start within that level. One query,
 * in the organization named; the target must exist (null otherwise).
 */
export async function applicablePrices(
  tx: Tx,
  organizationId: number,
  target: PricedTarget,
  at: Date,
): Promise<ApplicablePrice[] | null> {
  let clientId: number;
  let projectId: number | null = null;
  if ('projectId' in target) {
    const [project] = await tx
      .select({ clientId: projects.clientId })
      .from(projects)
      .where(and(eq(projects.organizationId, organizationId), eq(projects.id, target.projectId)));
    if (!project) return null;
    ({ clientId } = project);
    projectId = target.projectId;
  } else {
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), eq(clients.id, target.clientId)));
    if (!client) return null;
    clientId = client.id;
  }
  const levels = [
    and(isNull(prices.clientId), isNull(prices.projectId)),
    and(eq(prices.clientId, clientId), isNull(prices.projectId)),
    ...(projectId !== null ? [eq(prices.projectId, projectId)] : []),
  ];
  const rank = sql<number>`CASE WHEN ${prices.projectId} IS NOT NULL THEN 2 WHEN ${prices.clientId} IS NOT NULL THEN 1 ELSE 0 END`;
  const found = await tx
    .selectDistinctOn([prices.messagingServiceType, prices.campaignType, prices.isSent])
    .from(prices)
    .where(and(eq(prices.organizationId, organizationId), lte(prices.startAt, at), or(...levels)))
    .orderBy(
      prices.messagingServiceType,
      prices.campaignType,
      prices.isSent,
      desc(rank),
      desc(prices.startAt),
      desc(prices.id),
    );
  const key = (s: string, c: string, sent: boolean) => `${s}/${c}/${sent}`;
  const byKind = new Map(found.map((r) => [key(r.messagingServiceType, r.campaignType, r.isSent), r]));
  return MessagingServiceType.values.flatMap((service) =>
    CampaignType.values.flatMap((campaignType) =>
      [true, false].map((isSent): ApplicablePrice => {
        const row = byKind.get(key(service, campaignType, isSent));
        return {
          messagingServiceType: service,
          campaignType,
          isSent,
          price: row?.price ?? null,
          level: row ? levelOf(row) : null,
          startAt: row?.startAt ?? null,
          priceId: row?.id ?? null,
          headerPrice: headerPrice(isSent),
        };
      }),
    ),
  );
}
