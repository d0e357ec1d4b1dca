import {
  childRowChanges,
  normalizeHostName,
  organization,
  organizationMessages,
  type ChildRowInput,
  type ChildrenField,
  type FieldErrors,
} from '@canvass/domain';
import { and, eq, getTableName, inArray, ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { columnsOf } from '../../platform/db/columns';
import { PgCode, pgError } from '../../platform/db/pg-errors';
import { customDomains, providerColors, textDefaults } from '../../platform/db/schema/index';
import { withSystemPeek, type Tx } from '../../platform/db/tenant';

/** One children field of the organization and the table its rows live in, with the column that is unique. */
interface RowsTable {
  field: ChildrenField;
  table: PgTable;
  unique: string;
  /** Stored form of the unique value (host names lower-case). */
  normalize?: (value: string) => string;
}

const f = organization.fields;

/** The organization's rows edited with it: text defaults, custom domains and provider colours. */
export const organizationRows = {
  textDefaults: { field: f.textDefaults, table: textDefaults, unique: 'field' },
  customDomains: { field: f.customDomains, table: customDomains, unique: 'domain', normalize: normalizeHostName },
  providerColors: { field: f.providerColors, table: providerColors, unique: 'provider' },
} satisfies Record<string, RowsTable>;
export type RowsName = keyof typeof organizationRows;

/** The saved rows of one children field, oldest first. */
export async function loadRows(tx: Tx, organizationId: number, name: RowsName): Promise<Record<string, unknown>[]> {
  const { table } = organizationRows[name];
  const c = columnsOf(table);
  return tx.select().from(table).where(eq(c.organizationId, organizationId)).orderBy(c.id);
}

/**
 * A kept row whose unique value a saved row it does not replace already has (the other rows' own duplicates are
 * the domain's check): 'Key has already been taken', on the row.
 */
export async function storedDuplicates(
  tx: Tx,
  organizationId: number,
  name: RowsName,
  rows: readonly ChildRowInput[],
): Promise<FieldErrors> {
  const spec: RowsTable = organizationRows[name];
  const normalize = (v: string) => (spec.normalize ?? ((x: string) => x))(v.trim());
  const { add, change } = childRowChanges(spec.field, rows, (_f, v) => v);
  const sentIds = new Set(rows.flatMap((r) => (r.id == null || r.id === '' ? [] : [Number(r.id)])));
  const stored = await loadRows(tx, organizationId, name);
  const untouched = new Set(
    stored.filter((s) => !sentIds.has(Number(s.id))).map((s) => normalize(String(s[spec.unique]))),
  );
  const errors: FieldErrors = {};
  const label = spec.field.fields[spec.unique].label;
  const written = new Set([...add, ...change.map((c) => c.values)].map((v) => normalize(String(v[spec.unique]))));
  rows.forEach((row, i) => {
    const value = row[spec.unique];
    if (row._destroy || value == null || !written.has(normalize(String(value)))) return;
    if (untouched.has(normalize(String(value))))
      errors[`${name}.${i}.${spec.unique}`] = [organizationMessages.duplicateKey(label)];
  });
  return errors;
}

/**
 * Custom domains another organization already has: a request's host must name one organization, and the index
 * is per organization (Citus), so this read crosses tenants; it answers only yes or no, never whose it is.
 */
export async function domainsElsewhere(
  tx: Tx,
  organizationId: number,
  rows: readonly ChildRowInput[],
): Promise<FieldErrors> {
  const wanted = rows
    .map((r, i) => ({ i, domain: r._destroy || r.domain == null ? '' : normalizeHostName(String(r.domain)) }))
    .filter((r) => r.domain !== '');
  if (!wanted.length) return {};
  const taken = await withSystemPeek(tx, 'custom domain unique across organizations', (peek) =>
    peek
      .select({ domain: sql<string>`lower(${customDomains.domain})` })
      .from(customDomains)
      .where(
        and(
          ne(customDomains.organizationId, organizationId),
          inArray(
            sql`lower(${customDomains.domain})`,
            wanted.map((w) => w.domain),
          ),
        ),
      ),
  );
  const takenSet = new Set(taken.map((t) => t.domain));
  const errors: FieldErrors = {};
  for (const w of wanted)
    if (takenSet.has(w.domain)) errors[`customDomains.${w.i}.domain`] = [organizationMessages.domainElsewhere];
  return errors;
}

/** Applies the rows of one children field: removed or emptied saved rows deleted, changed ones updated, new added. */
export async function saveRows(
  tx: Tx,
  organizationId: number,
  name: RowsName,
  rows: readonly ChildRowInput[] | null | undefined,
): Promise<void> {
  if (!rows) return;
  const spec: RowsTable = organizationRows[name];
  const c = columnsOf(spec.table);
  const uniqueField = spec.field.fields[spec.unique];
  const changes = childRowChanges(spec.field, rows, (child, v) =>
    child === uniqueField && spec.normalize ? spec.normalize(v) : v,
  );
  const mine = eq(c.organizationId, organizationId);
  if (changes.remove.length) await tx.delete(spec.table).where(and(mine, inArray(c.id, changes.remove)));
  for (const { id, values } of changes.change)
    await tx
      .update(spec.table)
      .set({ ...values, updatedAt: new Date() })
      .where(and(mine, eq(c.id, id)));
  if (changes.add.length)
    await tx.insert(spec.table).values(changes.add.map((values) => ({ ...values, organizationId })));
}

/**
 * A unique violation the checks could not foresee (two admins adding the same key at once) as the message the
 * checks give, on the field whose rows hold it; null for any other error.
 */
export function duplicateRowError(err: unknown): FieldErrors | null {
  const { code, constraint, message } = pgError(err);
  if (code !== PgCode.uniqueViolation) return null;
  const named = constraint ?? message ?? '';
  for (const [name, spec] of Object.entries(organizationRows) as [RowsName, RowsTable][])
    if (named.startsWith(`${getTableName(spec.table)}_`) || named.includes(` ${getTableName(spec.table)}_`))
      return { [name]: [organizationMessages.duplicateKey(spec.field.fields[spec.unique].label)] };
  return null;
}
