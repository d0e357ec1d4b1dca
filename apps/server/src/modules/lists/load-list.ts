import { listErrorMessages, type EnumValue, type ListStatus } from '@canvass/domain';
import { and, eq, sql } from 'drizzle-orm';
import { lists, rowColumnKeys, rows, sheets } from '../../platform/db/schema/index';
import { withTenant, type Tx } from '../../platform/db/tenant';
import { withoutReferenceChecks } from '../../platform/db/reference-checks';
import { reserveIds } from '../../platform/db/reserve-ids';
import type { Platform } from '../../platform/platform';
import { cleanListPhone } from './clean-phone';
import { planColumns, type ColumnPlan, type ColumnRole } from './column-roles';
import { createRecipientPhoneWriter, type RecipientPhoneWriter } from './recipient-phones';
import { SheetError, type SpreadsheetSource } from './sources/source';
import {
  copyField,
  createStagingTable,
  dropStagingTable,
  openStagingCopy,
  rowsAreDistributed,
  stagingTableName,
  type StagingWriter,
} from './staging';

export interface LoadScope {
  organizationId: number;
  userId: number | null;
}

/** The counts a load stores on its list (never counted on read). */
export interface ListLoadCounts {
  rowsCount: number;
  validRowsCount: number;
  invalidRowsCount: number;
  duplicateRowsCount: number;
  optedOutRowsCount: number;
  doNotContactRowsCount: number;
  optimizedRowsCount: number;
}

export interface LoadHooks {
  /** Rows staged so far, and the estimated total while the source is read (from bytes read of its size). */
  progress?(processed: number, total: number | null): Promise<void>;
  /** Test seam: runs inside the final transaction before it commits (a failure there must change nothing). */
  beforeCommit?(tx: Tx): Promise<void>;
}

type Status = EnumValue<typeof ListStatus>;
const PROGRESS_EVERY_MS = 1_000;

const tenant = (platform: Platform, scope: LoadScope) => ({
  organizationIds: [scope.organizationId],
  userId: scope.userId,
});

/** Sets the list's status (and what goes with it) in a transaction of its own, so the screen sees it at once. */
export async function setListStatus(
  platform: Platform,
  scope: LoadScope,
  listId: number,
  listStatus: Status,
  extra: Partial<typeof lists.$inferInsert> = {},
): Promise<void> {
  await withTenant(platform.database, tenant(platform, scope), (tx) =>
    tx
      .update(lists)
      .set({ listStatus, ...extra, updatedAt: new Date() })
      .where(and(eq(lists.organizationId, scope.organizationId), eq(lists.id, listId))),
  );
}

/** The list's chosen sheet and column roles; a list without them cannot be loaded. */
async function readSheetChoice(platform: Platform, scope: LoadScope, listId: number) {
  const [found] = await withTenant(platform.database, tenant(platform, scope), (tx) =>
    tx
      .select({ sheet: sheets })
      .from(lists)
      .innerJoin(sheets, and(eq(sheets.organizationId, lists.organizationId), eq(sheets.id, lists.sheetId)))
      .where(and(eq(lists.organizationId, scope.organizationId), eq(lists.id, listId))),
  );
  if (!found || found.sheet.columnRoles.length === 0)
    throw new SheetError('ErrorSheetIncludesInvalidData', listErrorMessages.ErrorSheetIncludesInvalidData);
  return found.sheet;
}

interface StagedCounts {
  rows: number;
  valid: number;
  invalid: number;
  duplicate: number;
}

/**
 * Reads the sheet once, cleaning each phone and marking duplicates as it goes (in Node: the same work in SQL cost
 * seconds more per million rows), streams the rows into the staging table with COPY, and hands each distinct valid
 * number to the recipient phones as it is found.
 */
async function stageRows(
  writer: StagingWriter,
  phones: RecipientPhoneWriter,
  source: SpreadsheetSource,
  sheet: { sourceSheetId: string; headerRowIndex: number },
  plan: ColumnPlan,
  organizationId: number,
  hooks: LoadHooks,
): Promise<StagedCounts> {
  const seen = new Set<string>();
  const counts: StagedCounts = { rows: 0, valid: 0, invalid: 0, duplicate: 0 };
  const org = String(organizationId);
  let skip = sheet.headerRowIndex + 1;
  let lastProgress = Date.now();
  const cell = (row: string[], i: number | null) => (i === null ? undefined : row[i]?.trim());
  for await (const batch of source.rows(sheet.sourceSheetId)) {
    let lines = '';
    for (const row of batch) {
      if (skip > 0) {
        skip--;
        continue;
      }
      const position = ++counts.rows;
      const raw = row[plan.phone]?.trim();
      const phone = cleanListPhone(raw);
      let status: 'Valid' | 'Invalid' | 'Duplicate';
      if (!phone) status = 'Invalid';
      else if (seen.has(phone.number)) status = 'Duplicate';
      else {
        seen.add(phone.number);
        phones.add(phone.number, phone.state);
        status = 'Valid';
      }
      counts[status === 'Valid' ? 'valid' : status === 'Invalid' ? 'invalid' : 'duplicate']++;
      let line = `${org}\t${position}\t${copyField(raw)}\t${phone ? phone.number : '\\N'}\t${copyField(cell(row, plan.firstName))}\t${copyField(cell(row, plan.lastName))}\t${phone?.state ?? '\\N'}\t${status}`;
      for (const i of plan.columns) line += `\t${copyField(row[i])}`;
      lines += `${line}\n`;
    }
    if (lines) await writer.write(lines);
    if (hooks.progress && Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await hooks.progress(counts.rows, estimatedTotal(source, counts.rows));
    }
  }
  return counts;
}

function estimatedTotal(source: SpreadsheetSource, rows: number): number | null {
  const { bytesRead, size } = source;
  if (!bytesRead || !size || rows === 0) return null;
  return Math.max(rows, Math.round((rows * size) / bytesRead));
}

/** A load whose rows are staged, ready for its final transaction. */
interface StagedLoad {
  listId: number;
  table: string;
  /** The header names of the kept columns. */
  headers: string[];
  /** The id before the first row's (reserveIds). */
  idBase: number;
  staged: StagedCounts;
  /** On Citus: each reference is then checked per row, as usual, rather than proven once by the load. */
  distributed: boolean;
}

/**
 * The one transaction that makes the load visible: the list's previous rows go, the staged rows come in with their
 * ids, the scrub counts are computed as set operations, and the list is Loaded (once its recipient phones are in). It commits whole or not at all, so until it does the old rows and counts are what everyone sees.
 */
async function commitLoad(
  platform: Platform,
  scope: LoadScope,
  { listId, table, headers, idBase, staged, distributed }: StagedLoad,
  hooks: LoadHooks,
): Promise<ListLoadCounts> {
  const org = scope.organizationId;
  const staging = sql.raw(table);
  const kept = rowColumnKeys.slice(0, headers.length).map((key) => rows[key].name);
  const keptTarget = sql.raw(kept.map((c) => `, ${c}`).join(''));
  const keptSource = sql.raw(kept.map((_, i) => `, s.c${i + 1}`).join(''));
  return withTenant(platform.database, tenant(platform, scope), async (tx) => {
    // Room for the hashes of a million numbers, for this transaction only.
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    // Two loads of one list commit one after the other.
    const [list] = await tx
      .select({ id: lists.id })
      .from(lists)
      .where(and(eq(lists.organizationId, org), eq(lists.id, listId)))
      .for('update');
    if (!list) throw new SheetError('ErrorFileNotFound', listErrorMessages.ErrorFileNotFound);
    await tx.execute(sql`DELETE FROM rows WHERE organization_id = ${org} AND list_id = ${listId}`);
    // The list is locked above: its reference holds without a check per row (checked on Citus).
    const insertRows = () =>
      tx.execute(sql`
      INSERT INTO rows (id, organization_id, list_id, position, raw_phone_number, to_phone_number, first_name,
                        last_name, state, row_status${keptTarget})
      OVERRIDING SYSTEM VALUE
      SELECT ${idBase}::bigint + s.position, s.organization_id, ${listId}::bigint, s.position, s.raw_phone, s.to_phone,
             s.first_name, s.last_name, s.state, s.row_status${keptSource}
        FROM ${staging} s
       WHERE s.organization_id = ${org}`);
    if (distributed) await insertRows();
    else await withoutReferenceChecks(tx, insertRows);
    // Hash joins against the organization's opt-outs and do-not-contact numbers: an IN (subquery) whose hash
    // does not fit work_mem turns into a scan of the subquery per row (minutes on a million rows).
    const scrub = await tx.execute<{ opted_out: number; do_not_contact: number; optimized: number }>(sql`
      SELECT count(*) FILTER (WHERE o.number IS NOT NULL)::int AS opted_out,
             count(*) FILTER (WHERE d.number IS NOT NULL)::int AS do_not_contact,
             count(*) FILTER (WHERE o.number IS NULL AND d.number IS NULL)::int AS optimized
        FROM ${staging} s
        LEFT JOIN (SELECT DISTINCT p.number FROM opt_outs oo
                     JOIN phones p ON p.organization_id = oo.organization_id AND p.id = oo.phone_id
                    WHERE oo.organization_id = ${org} AND p.organization_id = ${org} AND oo.client_id IS NULL) o
               ON o.number = s.to_phone
        LEFT JOIN (SELECT DISTINCT p.number FROM phones p WHERE p.organization_id = ${org} AND p.do_not_contact) d
               ON d.number = s.to_phone
       WHERE s.organization_id = ${org} AND s.row_status = 'Valid'`);
    const { opted_out, do_not_contact, optimized } = scrub.rows[0];
    const counts: ListLoadCounts = {
      rowsCount: staged.rows,
      validRowsCount: staged.valid,
      invalidRowsCount: staged.invalid,
      duplicateRowsCount: staged.duplicate,
      optedOutRowsCount: opted_out,
      doNotContactRowsCount: do_not_contact,
      optimizedRowsCount: optimized,
    };
    await tx
      .update(lists)
      .set({
        ...counts,
        rowHeaders: headers,
        listStatus: 'Loaded',
        loadErrorMessage: null,
        lastLoadedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(lists.organizationId, org), eq(lists.id, listId)));
    if (hooks.beforeCommit) await hooks.beforeCommit(tx);
    return counts;
  });
}

/** The header names of the kept columns, one per column the rows keep (a name made up where the sheet has none). */
function keptHeaders(headerRow: string[], plan: ColumnPlan): string[] {
  return plan.columns.map((_, i) => headerRow[i] ?? `Column ${i + 1}`);
}

/**
 * Loads a list's chosen sheet from `source`: Loading while the rows are read, cleaned and staged; LoadingPhones
 * while the final transaction replaces the rows; Loaded with its counts. Throws a SheetError for a problem with
 * the sheet (the caller records its status); whatever happens, the previous rows stay until the final commit.
 */
export async function loadListRows(
  platform: Platform,
  scope: LoadScope,
  listId: number,
  source: SpreadsheetSource,
  hooks: LoadHooks = {},
): Promise<ListLoadCounts> {
  const sheet = await readSheetChoice(platform, scope, listId);
  const plan = planColumns(sheet.columnRoles as ColumnRole[]);
  const table = stagingTableName(scope.organizationId, listId);
  const client = await platform.database.pool.connect();
  let failed = false;
  let phones: RecipientPhoneWriter | undefined;
  try {
    // A staging table left by a killed load of this list goes first.
    await createStagingTable(client, table, plan.columns.length);
    const distributed = await rowsAreDistributed(client);
    await setListStatus(platform, scope, listId, 'Loading');
    const writer = openStagingCopy(client, table);
    phones = createRecipientPhoneWriter(platform, scope.organizationId, scope.userId, distributed);
    let staged: StagedCounts;
    try {
      staged = await stageRows(writer, phones, source, sheet, plan, scope.organizationId, hooks);
    } finally {
      await writer.finish();
    }
    // The last numbers go while the staging table is analyzed and the rows go in; awaited before the rows commit
    // (a failure there rolls the rows back).
    const phonesIn = phones.finish();
    phonesIn.catch(() => {});
    // The planner's sizes for the final transaction's joins (a fresh table has no statistics).
    await client.query(`ANALYZE ${table}`);
    await hooks.progress?.(staged.rows, staged.rows);
    await setListStatus(platform, scope, listId, 'LoadingPhones');
    const idBase = await reserveIds(client, 'rows', staged.rows);
    const load = { listId, table, headers: keptHeaders(sheet.headerRow, plan), idBase, staged, distributed };
    const counts = await commitLoad(platform, scope, load, {
      ...hooks,
      beforeCommit: async (tx) => {
        await phonesIn;
        await hooks.beforeCommit?.(tx);
      },
    });
    // After the commit, as the table's owner; one left by a crash here goes with the next load or the sweep.
    await dropStagingTable(client, table);
    return counts;
  } catch (err) {
    failed = true;
    // A batch of phones still running must not outlive the load.
    await phones?.abandon();
    await dropStagingTable(client, table).catch(() => {});
    throw err;
  } finally {
    // A connection that failed mid-COPY is discarded rather than handed to the next caller.
    client.release(failed);
  }
}
