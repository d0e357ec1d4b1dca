import { cleanListPhone, listErrorMessages, type EnumValue, type ListStatus } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import { lists, rows, sheets } from '../../platform/db/schema/index';
import { connectionOf } from '../../platform/db/copy-out';
import { withTenant, type Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { readBlockedNumbers } from './blocked-numbers';
import { DO_NOT_CONTACT, OPTED_OUT, SEEN, type NumberMarks } from './number-marks';
import { planColumns, type ColumnPlan, type ColumnRole } from './column-roles';
import { createRecipientPhoneWriter, type RecipientPhoneWriter } from './recipient-phones';
import { openRowChunks, type RowChunkWriter } from './row-chunks';
import { mayCopyIntoRows, openRowCopy } from './row-copy';
import { RowIds } from './row-ids';
import { rowsOfList } from './rows-of-list';
import { cellRowsOf, SheetError, type CellRows, type SpreadsheetSource } from './sources/source';
import { rowsAreDistributed } from './staging';
import { CopyText } from './copy-text';

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
  /**
   * Test seam: the rows go through the temporary table (row-chunks.ts), as for a database user that row-level
   * security binds, this many a chunk, so a small sheet goes in several chunks.
   */
  chunkRows?: number;
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
  /** Valid rows whose number opted out organization-wide, is do-not-contact, or neither (optimized). */
  optedOut: number;
  doNotContact: number;
  optimized: number;
}

/**
 * Reads the sheet once, cleaning each phone, marking duplicates and scrubbing each valid number against the
 * organization's opt-outs and do-not-contact numbers as it goes (in Node: the same work in SQL cost seconds more
 * per million rows), hands the rows to the chunk writer in COPY's text format, and each distinct valid number to
 * the recipient phones as it is found.
 */
async function stageRows(
  writer: RowChunkWriter,
  ids: RowIds,
  phones: RecipientPhoneWriter,
  /** The organization's opt-outs and do-not-contact numbers (readBlockedNumbers), where the rows' are met too. */
  marks: NumberMarks,
  source: SpreadsheetSource,
  sheet: { sourceSheetId: string; headerRowIndex: number },
  plan: ColumnPlan,
  organizationId: number,
  listId: number,
  hooks: LoadHooks,
): Promise<StagedCounts> {
  const counts: StagedCounts = {
    rows: 0,
    valid: 0,
    invalid: 0,
    duplicate: 0,
    optedOut: 0,
    doNotContact: 0,
    optimized: 0,
  };
  const org = String(organizationId);
  const list = String(listId);
  let skip = sheet.headerRowIndex + 1;
  let lastProgress = Date.now();
  const out = new CopyText();
  for await (const batch of cellRowsOf(source, sheet.sourceSheetId)) {
    const before = counts.rows;
    await ids.ensure(batch.length);
    for (let r = 0; r < batch.length; r++) {
      if (skip > 0) {
        skip--;
        continue;
      }
      const position = ++counts.rows;
      const phone = cleanListPhone(batch.text(r, plan.phone));
      let status: 'Valid' | 'Invalid' | 'Duplicate';
      if (!phone) {
        status = 'Invalid';
        counts.invalid++;
      } else {
        // As a number (exact for 10 digits): a Set of the cells' strings would keep alive the parsed text each was
        // cut from, the whole file by the end.
        const number = Number(phone.number);
        const marked = marks.see(number);
        if (marked & SEEN) {
          status = 'Duplicate';
          counts.duplicate++;
        } else {
          status = 'Valid';
          counts.valid++;
          phones.add(phone.number, phone.state);
          if (marked & OPTED_OUT) counts.optedOut++;
          if (marked & DO_NOT_CONTACT) counts.doNotContact++;
          if (!(marked & (OPTED_OUT | DO_NOT_CONTACT))) counts.optimized++;
        }
      }
      out.integer(ids.next());
      out.tab();
      out.plain(org);
      out.tab();
      out.plain(list);
      out.tab();
      out.integer(position);
      out.tab();
      batch.copyTo(r, plan.phone, out, true);
      out.tab();
      out.plain(phone ? phone.number : NULL);
      out.tab();
      copyName(batch, r, plan.firstName, out);
      out.tab();
      copyName(batch, r, plan.lastName, out);
      out.tab();
      out.plain(phone?.state ?? NULL);
      out.tab();
      out.plain(status);
      for (const i of plan.columns) {
        out.tab();
        batch.copyTo(r, i, out);
      }
      out.endLine();
    }
    const batchRows = counts.rows - before;
    if (batchRows > 0) await writer.add(out.take(), batchRows);
    if (hooks.progress && Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await hooks.progress(counts.rows, estimatedTotal(source, counts.rows));
    }
  }
  return counts;
}

const NULL = '\\N';

/** A name cell, trimmed, or NULL for a sheet without the column. */
function copyName(batch: CellRows, row: number, cell: number | null, out: CopyText): void {
  if (cell === null) out.plain(NULL);
  else batch.copyTo(row, cell, out, true);
}

function estimatedTotal(source: SpreadsheetSource, rows: number): number | null {
  const { bytesRead, size } = source;
  if (!bytesRead || !size || rows === 0) return null;
  return Math.max(rows, Math.round((rows * size) / bytesRead));
}

/** The header names of the kept columns, one per column the rows keep (a name made up where the sheet has none). */
function keptHeaders(headerRow: string[], plan: ColumnPlan): string[] {
  return plan.columns.map((_, i) => headerRow[i] ?? `Column ${i + 1}`);
}

/**
 * Loads a list's chosen sheet from `source`: Loading while the rows are read, cleaned and moved in; LoadingPhones
 * while the last of them and of their recipient phones go in; Loaded with its counts. Throws a SheetError for a
 * problem with the sheet (the caller records its status); whatever happens, the previous rows stay until the one
 * transaction that replaces them commits, whole or not at all.
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
  const org = scope.organizationId;
  let phones: RecipientPhoneWriter | undefined;
  try {
    await setListStatus(platform, scope, listId, 'Loading');
    return await withTenant(platform.database, tenant(platform, scope), async (tx) => {
      const distributed = await rowsAreDistributed(connectionOf(tx));
      const recipients = createRecipientPhoneWriter(platform, org, scope.userId, distributed);
      phones = recipients;
      // The list stays while its rows go in (the rows' reference to it is proven here, once). KEY SHARE, so the
      // statuses below, set in transactions of their own, do not wait for this one; two loads of one list never
      // overlap anyway (runListLoad's run lock).
      const [list] = await tx
        .select({ id: lists.id, firstRowId: lists.firstRowId, lastRowId: lists.lastRowId })
        .from(lists)
        .where(and(eq(lists.organizationId, org), eq(lists.id, listId)))
        .for('key share');
      if (!list) throw new SheetError('ErrorFileNotFound', listErrorMessages.ErrorFileNotFound);
      await tx.delete(rows).where(rowsOfList(org, list));
      const marks = await readBlockedNumbers(tx, org);
      const keptColumns = plan.columns.length;
      const chunks =
        !distributed && hooks.chunkRows === undefined && (await mayCopyIntoRows(tx))
          ? await openRowCopy(tx, org, listId, keptColumns)
          : await openRowChunks({
              tx,
              organizationId: org,
              listId,
              keptColumns,
              distributed,
              chunkRows: hooks.chunkRows,
            });
      let staged: StagedCounts;
      const ids = new RowIds(platform);
      try {
        staged = await stageRows(chunks, ids, recipients, marks, source, sheet, plan, org, listId, hooks);
        await hooks.progress?.(staged.rows, staged.rows);
        await setListStatus(platform, scope, listId, 'LoadingPhones');
        await chunks.finish();
      } catch (err) {
        await chunks.settle();
        throw err;
      }
      const counts: ListLoadCounts = {
        rowsCount: staged.rows,
        validRowsCount: staged.valid,
        invalidRowsCount: staged.invalid,
        duplicateRowsCount: staged.duplicate,
        optedOutRowsCount: staged.optedOut,
        doNotContactRowsCount: staged.doNotContact,
        optimizedRowsCount: staged.optimized,
      };
      await tx
        .update(lists)
        .set({
          ...counts,
          rowHeaders: keptHeaders(sheet.headerRow, plan),
          listStatus: 'Loaded',
          firstRowId: ids.first,
          lastRowId: ids.last,
          loadErrorMessage: null,
          lastLoadedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(lists.organizationId, org), eq(lists.id, listId)));
      // A failure there rolls the rows back.
      await recipients.finish();
      if (hooks.beforeCommit) await hooks.beforeCommit(tx);
      return counts;
    });
  } catch (err) {
    // A batch of phones still running must not outlive the load.
    await phones?.abandon();
    throw err;
  }
}
