import {
  CLIENT_USER_TYPES,
  dependantRefs,
  inputFields,
  messages,
  resources,
  entryByName,
  user,
  phoneDigits,
  normalizeAttributes,
  validateAttributes,
  type AttributesOf,
  type FieldErrors,
  type ResourceDef,
} from '@canvass/domain';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Viewer } from '../auth/viewer';
import { columnsOf, type Columns } from '../db/columns';
import type { Tx } from '../db/tenant';
import type { Platform } from '../platform';
import { constraintErrors } from './constraint-errors';
import { encodeCursor, planList, type ListArgs, type ListPlan } from './list-query';
import { visibleWhere, visibleWhereOf, type TableOf } from './policy';

export type { TableOf } from './policy';

export type Row = Record<string, unknown> & { id: number };

/** A row of `T` as the table types it (its $inferSelect), open to the fields a hook adds (counts, nested lists). */
export type RowOf<T extends PgTable> = T['$inferSelect'] & Row;

/** Counting stops here: a larger list shows '10,000+' instead of scanning the whole organization per page. */
export const TOTAL_COUNT_CAP = 10_000;

export interface Page<R extends Row = Row> {
  rows: R[];
  cursors: string[];
  /** Exact up to TOTAL_COUNT_CAP, then TOTAL_COUNT_CAP with totalCountIsCapped; null when not asked for. */
  totalCount: number | null;
  totalCountIsCapped: boolean;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export interface ListOptions {
  /** Whether to count the list (a pager asks on its first page only); true unless told. */
  count?: boolean;
  /** Whether to run the decorate hook (an index page that shows columns only does not need it); true unless told. */
  decorate?: boolean;
}

/** What a write may reach besides its transaction: the platform's services (storage, for a list's file). */
export interface WriteEnv {
  platform?: Platform;
}

export interface WriteResult<R extends Row = Row> {
  row: R | null;
  errors: FieldErrors;
}

/**
 * What a resource adds to the generic behaviour; every hook is optional. `A` is the entry's attributes
 * (AttributesOf<typeof client>), so a hook reads `attrs.phones` as the rows it is; `R` its table's rows
 * (RowOf<typeof clients>), so it reads `existing.agencyId` as the number it is.
 */
export interface ResourceHooks<A = Record<string, unknown>, R extends Row = Row> {
  /**
   * Settles attributes the viewer does not choose (an Agency user's clients belong to its agency), or reads what
   * the database knows to settle them (a collection's local date in the organization's time zone).
   */
  prepare?(attrs: A, ctx: { viewer: Viewer; existing: R | null; tx: Tx }): A | Promise<A>;
  /** Rules that need the database (an agency must be of type Agency); return field errors. */
  check?(tx: Tx, attrs: A, ctx: { viewer: Viewer; existing: R | null }): Promise<FieldErrors>;
  /** Writes what is not a column of the table (a client's phone numbers, a new list's sheets). */
  afterWrite?(tx: Tx, row: R, attrs: A, viewer: Viewer, isNew: boolean, env: WriteEnv): Promise<void>;
  /** Removes what has no life without the record (a client's own contact numbers) before dependants are counted. */
  beforeDestroy?(tx: Tx, row: R): Promise<void>;
  /** Adds computed fields to a page of rows (counts, nested lists) in one query per page. */
  decorate?(tx: Tx, rows: R[], viewer: Viewer): Promise<void>;
  /** The columns of an export beyond the entry's own (a list's rows: its kept columns, under its sheet's headers). */
  extraExportColumns?(tx: Tx, viewer: Viewer, args: ListArgs): Promise<ExportColumn[]>;
  /**
   * A condition the list's filters imply that the database cannot derive, for its index (a list's rows: the range
   * of ids its load stored); added to the WHERE of both the list and its export.
   */
  narrow?(tx: Tx, organizationId: number, args: ListArgs): Promise<SQL | undefined>;
}

/** One column of a CSV export: the field it reads and the header the file shows. */
export interface ExportColumn {
  name: string;
  label: string;
}

/**
 * Where a service's rows come from when not its table alone (users: the membership joined to the person): the
 * table read from, the one joined to it, and the column of each field (an expression for a computed one).
 */
export interface RowSource {
  from: PgTable;
  join: { table: PgTable; on: SQL };
  columns: Record<string, PgColumn | SQL>;
}

/** The columns a list of the service's rows is planned over (filters, sort): its source's, else its table's. */
export function listedColumns(service: Pick<ResourceService, 'table' | 'source'>): Columns {
  // A source's computed field (users' status, an enum) is an expression the list compares and sorts like a column.
  return (service.source?.columns as Columns | undefined) ?? columnsOf(service.table);
}

/** A service's records are `R` (RowOf its table for the generic one); elsewhere they are read by field name. */
export interface ResourceService<R extends Row = Row> {
  def: ResourceDef;
  table: PgTable;
  /** Set when the rows are not the table's own (an export reads them from here). */
  source?: RowSource;
  /**
   * The rows this viewer may see: its organization, named explicitly, and the client limit of spec §6 (see
   * policy.ts). Every read path (list, get, references, export, favorites) goes through it.
   */
  visibleWhere(viewer: Viewer): SQL;
  /** The WHERE of a list or export of `args` before its filters: visibleWhere, and what the narrow hook adds. */
  listScope(tx: Tx, viewer: Viewer, args: ListArgs): Promise<SQL>;
  list(tx: Tx, viewer: Viewer, args: ListArgs, opts?: ListOptions): Promise<Page<R>>;
  /** What an export of the list `args` describes writes: the entry's export columns, then any a hook adds. */
  exportColumns(tx: Tx, viewer: Viewer, args: ListArgs): Promise<ExportColumn[]>;
  get(tx: Tx, viewer: Viewer, id: number): Promise<R | null>;
  blank(): Record<string, unknown>;
  create(tx: Tx, viewer: Viewer, attrs: Record<string, unknown>, env?: WriteEnv): Promise<WriteResult<R>>;
  update(tx: Tx, viewer: Viewer, id: number, attrs: Record<string, unknown>, env?: WriteEnv): Promise<WriteResult<R>>;
  destroy(tx: Tx, viewer: Viewer, id: number): Promise<WriteResult<R>>;
}

/** Thrown inside a write's savepoint to undo it and answer with field errors instead. */
class Refused extends Error {
  constructor(readonly errors: FieldErrors) {
    super('refused');
  }
}

function coerce(kind: string, value: unknown): unknown {
  if (kind === 'keyValues') return value ?? [];
  if (value === '' || value === undefined) return null;
  if (value === null) return null;
  if (kind === 'number' || kind === 'ref') return Number(value);
  if (kind === 'phone') return phoneDigits(String(value));
  // An instant as validated text (a resource's prepare hook settles local times): the column takes a Date.
  if (kind === 'datetime') return new Date(String(value));
  if (kind === 'money') return String(value).trim();
  return value;
}

/**
 * One page of a planned list: reads the plan's keyset segments one after the other (one connection runs one query
 * at a time) through `read`, counts through `count` when asked, and gives the rows with their cursors. A service
 * whose rows come from more than its table (users: person and membership) reads them its own way and pages alike.
 */
export async function readPage<R extends Row>(
  plan: ListPlan,
  read: (segment: SQL | undefined, limit: number) => Promise<{ row: R; sortKey: unknown }[]>,
  count: (() => Promise<number>) | null,
): Promise<Page<R>> {
  const rows: { row: R; sortKey: unknown }[] = [];
  for (const segment of plan.segments) {
    if (rows.length > plan.take) break;
    rows.push(...(await read(segment, plan.take + 1 - rows.length)));
  }
  const total = count === null ? null : await count();
  const hasMore = rows.length > plan.take;
  const page = rows.slice(0, plan.take);
  if (plan.backwards) page.reverse();
  return {
    rows: page.map((r) => r.row),
    cursors: page.map((r) => encodeCursor(r.sortKey, r.row.id)),
    totalCount: total === null ? null : Math.min(total, TOTAL_COUNT_CAP),
    totalCountIsCapped: total !== null && total > TOTAL_COUNT_CAP,
    hasNextPage: plan.forwards ? hasMore : plan.hasCursor,
    hasPreviousPage: plan.backwards ? hasMore : plan.hasCursor,
  };
}

/**
 * The generic list/get/create/update/destroy of spec §7 for one registry entry, over its Drizzle table.
 * Every method runs on a tenant-scoped transaction, so it sees only the viewer's organization.
 */
export function createResourceService<D extends ResourceDef, T extends PgTable>(
  def: D,
  table: T,
  tableOf: TableOf,
  hooks: ResourceHooks<AttributesOf<D>, RowOf<T>> = {},
): ResourceService<RowOf<T>> {
  type R = RowOf<T>;
  // Drizzle's builders do not take a generic table: the code below reads and writes it as a PgTable, whose rows are
  // records by field name, and gives them back as what they are, the table's $inferSelect.
  const rowsTable: PgTable = table;
  const asRows = (rows: Record<string, unknown>[]) => rows as R[];
  const cols = columnsOf(table);
  const idCol = cols.id;
  const orgCol = cols.organizationId;
  const writable = inputFields(def).filter(([name]) => name in cols);

  const visible = (viewer: Viewer) => visibleWhere(def, table, tableOf, viewer);
  const listScope = async (tx: Tx, viewer: Viewer, args: ListArgs): Promise<SQL> => {
    const narrowed = await hooks.narrow?.(tx, viewer.organizationId, args);
    return narrowed ? and(visible(viewer), narrowed)! : visible(viewer);
  };

  /** Counts at most one row past the cap: an index-only range, however large the organization. */
  async function cappedCount(tx: Tx, where: SQL | undefined): Promise<number> {
    const upTo = tx
      .select({ one: sql`1` })
      .from(rowsTable)
      .where(where)
      .limit(TOTAL_COUNT_CAP + 1)
      .as('up_to_cap');
    const [{ n }] = await tx.select({ n: count() }).from(upTo);
    return n;
  }

  async function decorate(tx: Tx, viewer: Viewer, rows: R[]): Promise<R[]> {
    if (rows.length && hooks.decorate) await hooks.decorate(tx, rows, viewer);
    return rows;
  }

  async function get(tx: Tx, viewer: Viewer, id: number): Promise<R | null> {
    if (!Number.isSafeInteger(id)) return null;
    const rows = asRows(
      await tx
        .select()
        .from(rowsTable)
        .where(and(visible(viewer), eq(idCol, id)))
        .limit(1),
    );
    return (await decorate(tx, viewer, rows))[0] ?? null;
  }

  /**
   * Refs must point at rows the viewer can see (the target's own policy, so a Client-role user cannot name another
   * client) and match the field's where (an agency is of type Agency). A person (a manager, a texter) is checked by
   * the module that takes it, as a member of the organization: whom a viewer may name is not whom it may list (a
   * Client-role user names the organization's manager, a staff member it does not see among its client's people).
   */
  async function checkRefs(
    tx: Tx,
    viewer: Viewer,
    attrs: Record<string, unknown>,
    existing: Row | null,
  ): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    for (const [name, f] of writable) {
      if (f.kind !== 'ref' || attrs[name] == null || attrs[name] === '' || f.resource === user.name) continue;
      // Only a new value is checked: an update that leaves a reference as it was (a Client-role user saving a
      // project whose list staff loaded for the organization) keeps what was allowed when it was set.
      if (existing && String(attrs[name]) === String(existing[name])) continue;
      const target = tableOf(f.resource);
      const targetVisible = visibleWhereOf(f.resource, tableOf, viewer);
      if (!target || !targetVisible) continue;
      const t = columnsOf(target);
      const byId = eq(t.id, Number(attrs[name]));
      const where = Object.entries(f.where ?? {});
      // One query tells "no such record here" from "a record of the wrong kind" (an agency that is not an Agency).
      const [found] = await tx
        .select({ matches: sql<boolean>`bool_and(${and(byId, ...where.map(([k, v]) => eq(t[k], v)))})` })
        .from(target)
        .where(and(targetVisible, byId));
      if (found?.matches == null) errors[name] = [`${f.label} not found`];
      else if (!found.matches) {
        const targetLabel = entryByName(f.resource)?.label ?? f.resource;
        errors[name] = [messages.mustBeOfType(f.label, targetLabel, where.map(([, v]) => v).join(', '))];
      }
    }
    return errors;
  }

  async function write(
    tx: Tx,
    viewer: Viewer,
    rawAttrs: Record<string, unknown>,
    existing: R | null,
    env: WriteEnv = {},
  ): Promise<WriteResult<R>> {
    const isCreate = existing === null;
    const refused = refusedAdminOnly(rawAttrs, existing, viewer);
    if (refused) return { row: null, errors: refused };
    // The generic code handles attributes by name; a resource's hooks see them typed by its entry.
    const typed = (a: Record<string, unknown>) => a as AttributesOf<D>;
    const prepared = hooks.prepare ? await hooks.prepare(typed(rawAttrs), { viewer, existing, tx }) : rawAttrs;
    const attrs = normalizeAttributes(def, withDefaults(prepared, isCreate, viewer));
    const errors: FieldErrors = {
      ...validateAttributes(def, attrs, { isCreate, isAdmin: viewer.isAdmin }, existing ?? {}),
    };
    if (Object.keys(errors).length === 0) {
      Object.assign(errors, await checkRefs(tx, viewer, attrs, existing));
      if (hooks.check) Object.assign(errors, await hooks.check(tx, typed(attrs), { viewer, existing }));
    }
    if (Object.keys(errors).length > 0) return { row: null, errors };

    const values: Record<string, unknown> = {};
    for (const [name, f] of writable) {
      if (!(name in attrs)) continue;
      if (!isCreate && f.createOnly) continue;
      if (f.adminOnly && !viewer.isAdmin && !isCreate) continue;
      values[name] = coerce(f.kind, attrs[name]);
    }
    // A savepoint, so a constraint violation becomes field errors and the request's transaction stays usable.
    try {
      const id = await tx.transaction(async (sp) => {
        let row: R;
        if (isCreate) {
          [row] = asRows(
            await sp
              .insert(rowsTable)
              .values({ ...values, organizationId: viewer.organizationId })
              .returning(),
          );
        } else if (Object.keys(values).length > 0) {
          [row] = asRows(
            await sp
              .update(rowsTable)
              .set({ ...values, updatedAt: new Date() })
              .where(and(eq(idCol, existing.id), eq(orgCol, viewer.organizationId)))
              .returning(),
          );
        } else {
          row = existing;
        }
        if (hooks.afterWrite) await hooks.afterWrite(sp, row, typed(attrs), viewer, isCreate, env);
        await refuseIfHidden(sp, viewer, row.id);
        return row.id;
      });
      return { row: await get(tx, viewer, id), errors: {} };
    } catch (err) {
      if (err instanceof Refused) return { row: null, errors: err.errors };
      const mapped = constraintErrors(err, def);
      if (mapped) return { row: null, errors: mapped };
      throw err;
    }
  }

  /**
   * A viewer limited to some clients may only write rows inside them: a brand saved without a client (or a client
   * outside its agency) would vanish from its own lists, so the write is undone and the owner field says why.
   */
  async function refuseIfHidden(sp: Tx, viewer: Viewer, id: number): Promise<void> {
    const [seen] = await sp
      .select({ id: idCol })
      .from(rowsTable)
      .where(and(visible(viewer), eq(idCol, id)));
    if (seen) return;
    const owner = def.ownedBy;
    if (!owner || owner === 'id') throw new Refused({ base: [messages.outsideYourClients] });
    const [saved] = await sp
      .select({ clientId: cols[owner] })
      .from(rowsTable)
      .where(and(eq(orgCol, viewer.organizationId), eq(idCol, id)));
    const message = saved?.clientId == null ? messages.required(def.fields[owner].label) : messages.outsideYourClients;
    throw new Refused({ [owner]: [message] });
  }

  /** '2 clients belong to this agency': the registry's refs to this resource that still hold the record. */
  async function dependantsOf(sp: Tx, viewer: Viewer, id: number): Promise<string[]> {
    const found: string[] = [];
    for (const d of dependantRefs(Object.values(resources), def.name)) {
      const depTable = tableOf(d.def.name);
      if (!depTable) continue;
      const c = columnsOf(depTable);
      const [{ n }] = await sp
        .select({ n: count() })
        .from(depTable)
        .where(and(eq(c.organizationId, viewer.organizationId), eq(c[d.field], id)));
      if (n > 0) found.push(messages.dependants(n, d.def.label, d.def.pluralLabel, d.ref.label));
    }
    return found;
  }

  /** A non-admin asking to set an admin-only field (campaign type) to something else is refused, not ignored. */
  function refusedAdminOnly(attrs: Record<string, unknown>, existing: R | null, viewer: Viewer): FieldErrors | null {
    if (viewer.isAdmin) return null;
    for (const [name, f] of writable) {
      if (!f.adminOnly || attrs[name] == null || attrs[name] === '') continue;
      const current = existing ? existing[name] : f.kind === 'enum' ? f.default : null;
      if (attrs[name] !== current) return { [name]: [messages.onlyAdmins(f.label)] };
    }
    return null;
  }

  /**
   * Non-admins cannot choose admin-only fields: on create those take their default. A Client or Agency user who
   * names no owner of an ownerDefaultsToViewer resource creates it for its own client.
   */
  function withDefaults(attrs: Record<string, unknown>, isCreate: boolean, viewer: Viewer): Record<string, unknown> {
    if (!isCreate) return attrs;
    const out = { ...attrs };
    const empty = (v: unknown) => v === undefined || v === null || v === '';
    for (const [name, f] of writable) {
      const dflt = f.kind === 'enum' ? f.default : undefined;
      if (f.adminOnly && !viewer.isAdmin) out[name] = dflt ?? null;
      else if (empty(out[name]) && dflt) out[name] = dflt;
    }
    const owner = def.ownedBy;
    const clientUser = !viewer.isAdmin && (CLIENT_USER_TYPES as readonly string[]).includes(viewer.role);
    if (def.ownerDefaultsToViewer && owner && owner !== 'id' && clientUser && viewer.clientId && empty(out[owner]))
      out[owner] = viewer.clientId;
    return out;
  }

  return {
    def,
    table,
    visibleWhere: visible,
    listScope,
    get,
    async exportColumns(tx, viewer, args) {
      const own = def.list.exportColumns.map((name) => ({ name, label: def.fields[name].label }));
      return hooks.extraExportColumns ? [...own, ...(await hooks.extraExportColumns(tx, viewer, args))] : own;
    },
    blank() {
      const out: Record<string, unknown> = {};
      for (const [name, f] of inputFields(def)) out[name] = f.kind === 'enum' ? (f.default ?? null) : null;
      return out;
    },
    async list(tx, viewer, args, opts = {}) {
      const plan = planList(table, def, args, await listScope(tx, viewer, args));
      const page = await readPage(
        plan,
        async (segment, limit) =>
          (
            await tx
              .select({ row: cols, sortKey: sql`${plan.sortColumn}` })
              .from(rowsTable)
              .where(and(plan.where, segment))
              .orderBy(...plan.orderBy)
              .limit(limit)
          ).map((r) => ({ row: asRows([r.row])[0], sortKey: r.sortKey })),
        opts.count === false ? null : () => cappedCount(tx, plan.where),
      );
      if (opts.decorate !== false) await decorate(tx, viewer, page.rows);
      return page;
    },
    async create(tx, viewer, attrs, env) {
      return write(tx, viewer, attrs, null, env);
    },
    async update(tx, viewer, id, attrs, env) {
      const existing = await get(tx, viewer, id);
      if (!existing) return { row: null, errors: { base: ['Not found'] } };
      return write(tx, viewer, attrs, existing, env);
    },
    async destroy(tx, viewer, id) {
      const existing = await get(tx, viewer, id);
      if (!existing) return { row: null, errors: { base: ['Not found'] } };
      try {
        // Nothing is orphaned silently: a record others still belong to is refused with what depends on it.
        await tx.transaction(async (sp) => {
          if (hooks.beforeDestroy) await hooks.beforeDestroy(sp, existing);
          const dependants = await dependantsOf(sp, viewer, id);
          if (dependants.length) throw new Refused({ base: dependants });
          await sp.delete(rowsTable).where(and(eq(idCol, id), eq(orgCol, viewer.organizationId)));
        });
      } catch (err) {
        if (err instanceof Refused) return { row: null, errors: err.errors };
        const mapped = constraintErrors(err, def);
        if (mapped) return { row: null, errors: mapped };
        throw err;
      }
      return { row: existing, errors: {} };
    },
  };
}
