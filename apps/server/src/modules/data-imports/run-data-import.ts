import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { messages } from '@canvass/domain';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { resolveViewer } from '../../platform/auth/resolve-viewer';
import { viewerCan } from '../../platform/auth/viewer';
import { clients, dataImports, dataImportTemplates, uploads } from '../../platform/db/schema/index';
import { withTenant, type Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { openFileSource } from '../lists/sources/file-source';
import { SheetError, type SpreadsheetSource } from '../lists/sources/source';
import { runCommitStep } from './commit-steps';
import { copyField, importStagingTableName, openStagingCopy, rowsAreDistributed } from '../lists/staging';
import { rowChecker } from './check-row';
import { withRunLock } from '../../platform/jobs/run-lock';
import { duplicateFinder } from './file-duplicates';
import { ImportError, parseMapping, planFields, type PlannedField } from './mapping';
import type { ImportResource, ImportTarget, RowContext } from './import-target';
import { targets } from './targets';

export interface ImportScope {
  organizationId: number;
  userId: number | null;
}

/** The counts stored on the import. */
export interface DataImportCounts {
  rowsCount: number;
  importedCount: number;
  skippedCount: number;
  rejectedCount: number;
}

export interface DataImportResult extends DataImportCounts {
  /** The rejected rows as CSV in storage (row number, reason, the row's cells), when any were rejected. */
  filePath?: string;
  filename?: string;
}

export interface RunImportOptions {
  /** The background task running it: names the rejected rows' file, which the task's link serves. */
  taskId?: number;
  /** The source to read instead of the upload (tests read an in-memory sheet). */
  source?: SpreadsheetSource;
  /** Rows read so far, about once a second while the file is read (the task's progress). */
  progress?(processed: number): Promise<void>;
  /** Test seam: runs inside the final transaction before it commits (a failure there must change nothing). */
  beforeCommit?(tx: Tx): Promise<void>;
}

const PROGRESS_EVERY_MS = 1_000;

const tenant = (scope: ImportScope) => ({ organizationIds: [scope.organizationId], userId: scope.userId });

async function setImport(
  platform: Platform,
  scope: ImportScope,
  id: number,
  values: Partial<typeof dataImports.$inferInsert>,
) {
  await withTenant(platform.database, tenant(scope), (tx) =>
    tx
      .update(dataImports)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(dataImports.organizationId, scope.organizationId), eq(dataImports.id, id))),
  );
}

/** The import, its upload and its mapping (its own, or its template's when it has none). */
async function readImport(platform: Platform, scope: ImportScope, id: number) {
  return withTenant(platform.database, tenant(scope), async (tx) => {
    const org = scope.organizationId;
    const [found] = await tx
      .select({ item: dataImports, upload: uploads, templateMapping: dataImportTemplates.mapping })
      .from(dataImports)
      .leftJoin(uploads, and(eq(uploads.organizationId, org), eq(uploads.id, dataImports.uploadId)))
      .leftJoin(
        dataImportTemplates,
        and(eq(dataImportTemplates.organizationId, org), eq(dataImportTemplates.id, dataImports.templateId)),
      )
      .where(and(eq(dataImports.organizationId, org), eq(dataImports.id, id)));
    if (!found) throw new Error(`data import ${id} not found`);
    return found;
  });
}

/**
 * What checking the rows needs. A target with a permission reads it for the importing user, resolved afresh (its
 * role may have changed since it started the import) and refused when it may no longer; the others name the
 * organization's clients.
 */
async function rowContextOf(platform: Platform, scope: ImportScope, target: ImportTarget): Promise<RowContext> {
  if (target.permission) {
    const { operation, resource } = target.permission;
    const viewer =
      scope.userId == null
        ? null
        : await resolveViewer(platform.database, platform.config.ADMIN_EMAILS, {
            userId: scope.userId,
            organizationId: scope.organizationId,
          });
    if (!viewer || !viewerCan(viewer, operation, resource)) throw new ImportError(messages.notAuthorized);
    if (target.rowContext) return withTenant(platform.database, tenant(scope), (tx) => target.rowContext!(tx, viewer));
  }
  return withTenant(platform.database, tenant(scope), async (tx) => {
    const named = await tx
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(eq(clients.organizationId, scope.organizationId));
    return { clientsByName: new Map(named.map((c) => [c.name.trim().toLowerCase(), c.id])) };
  });
}

interface Staged {
  rows: number;
  valid: number;
  rejected: string[][];
}

/**
 * Reads the file once: each row checked in Node and against the file's earlier rows, the valid ones streamed into
 * staging, the others kept with why. A rejected row is named by its number in the sheet, as the source tells it
 * (blank rows it left out still count); a source that does not tell is counted from the header, row 1.
 */
async function stageRows(
  client: pg.ClientBase,
  table: string,
  source: SpreadsheetSource,
  target: ImportTarget,
  plan: (header: string[]) => PlannedField[],
  context: RowContext,
  progress?: (processed: number) => Promise<void>,
): Promise<Staged & { header: string[] }> {
  const [sheet] = await source.sheets();
  if (!sheet) throw new ImportError('The file has no sheet');
  let check: ReturnType<typeof rowChecker> | null = null;
  const duplicateOf = duplicateFinder(target);
  let header: string[] = [];
  let counted = 0;
  const staged: Staged = { rows: 0, valid: 0, rejected: [] };
  const writer = openStagingCopy(client, table);
  let lastProgress = Date.now();
  try {
    for await (const batch of source.rows(sheet.id)) {
      let lines = '';
      for (let i = 0; i < batch.length; i++) {
        const row = batch[i];
        const rowNumber = batch.lines?.[i] ?? ++counted;
        if (!check) {
          header = row.map((h) => h.trim());
          check = rowChecker(plan(header), context);
          continue;
        }
        const position = ++staged.rows;
        const outcome = check(row);
        const reason = 'values' in outcome ? duplicateOf(outcome.values, rowNumber) : outcome.reason;
        if ('values' in outcome && reason === null) {
          staged.valid++;
          lines += `${position}\t${outcome.values.map(copyField).join('\t')}\n`;
        } else staged.rejected.push([String(rowNumber), reason ?? '', ...row]);
      }
      if (lines) await writer.write(lines);
      if (progress && Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        await progress(staged.rows);
      }
    }
  } finally {
    await writer.finish();
  }
  if (!check) throw new ImportError('The file is empty');
  return { ...staged, header };
}

/**
 * One run of a data import, start to end: the file's rows are checked, the valid ones staged with COPY, then ONE
 * tenant transaction moves them in (ON CONFLICT DO NOTHING on natural keys) and stores the counts. If anything
 * fails, nothing of the file is in; the import is Failed with the reason. Rejected rows go to a CSV in storage.
 */
export async function runDataImport(
  platform: Platform,
  scope: ImportScope,
  importId: number,
  options: RunImportOptions = {},
): Promise<DataImportResult> {
  // Held for the whole run (platform/jobs/run-lock.ts): another run of the import is refused, and a dead run's lock is
  // let go. The staging table lives on the lock's connection.
  return withRunLock(
    platform,
    'data_import',
    importId,
    () => new ImportError('The import is already running'),
    ({ platform: run, client }) => importLocked(run, client, scope, importId, options),
  );
}

async function importLocked(
  platform: Platform,
  client: pg.PoolClient,
  scope: ImportScope,
  importId: number,
  options: RunImportOptions,
): Promise<DataImportResult> {
  const table = importStagingTableName(scope.organizationId, importId);
  try {
    await setImport(platform, scope, importId, { status: 'Running', errorMessage: null });
    const found = await readImport(platform, scope, importId);
    const resource = found.item.resource as ImportResource;
    const target = targets[resource];
    if (!target) throw new ImportError(`Unknown import resource ${resource}`);
    const mappingText = found.item.mapping?.trim() ? found.item.mapping : found.templateMapping;
    let source = options.source;
    if (!source) {
      const upload = found.upload;
      if (!upload) throw new ImportError('Upload a file to import first');
      source = await openFileSource(() => platform.storage.read(upload.storageKey), upload.filename, upload.size);
    }
    const columns = target.fields.map((f) => `, ${f.name} text`).join('');
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.query(
      `CREATE UNLOGGED TABLE ${table} (position integer NOT NULL${columns}) WITH (autovacuum_enabled = off)`,
    );
    const mapping = parseMapping(mappingText);
    const plan = (header: string[]) => planFields(resource, mapping, header);
    const context = await rowContextOf(platform, scope, target);
    const staged = await stageRows(client, table, source, target, plan, context, options.progress);
    await options.progress?.(staged.rows);
    const distributed = await rowsAreDistributed(client);
    // On Citus the staged rows must meet the distributed tables they join on every worker: a reference table. Its
    // grant is made before, since a grant in the final transaction would change its placements over several
    // connections, which Citus then refuses to read in that transaction.
    if (distributed) {
      await client.query(`GRANT SELECT ON ${table} TO canvass_app`);
      await client.query(`SELECT create_reference_table('${table}')`);
    }

    let file: { filePath: string; filename: string } | undefined;
    if (staged.rejected.length) {
      const filename = `rejected-rows-${importId}.csv`;
      file = { filePath: `imports/${scope.organizationId}/${options.taskId ?? 'run'}-${filename}`, filename };
      const csv = stringify([['Row', 'Reason', ...staged.header], ...staged.rejected]);
      await platform.storage.write(file.filePath, Readable.from([csv]));
    }

    const counts = await withTenant(platform.database, tenant(scope), async (tx) => {
      const staging = sql.raw(table);
      // The staging table belongs to the connection's own user; the app role may read this one only, only now.
      if (!distributed) {
        await tx.execute(sql`RESET ROLE`);
        await tx.execute(sql`GRANT SELECT ON ${staging} TO canvass_app`);
        await tx.execute(sql`SET LOCAL ROLE canvass_app`);
      }
      let imported = 0;
      for (const step of target.commit(staging, scope.organizationId, scope.userId)) {
        const n = await runCommitStep(tx, scope.organizationId, step, distributed);
        if (step.counted) imported += n;
      }
      const counts: DataImportCounts = {
        rowsCount: staged.rows,
        importedCount: imported,
        skippedCount: staged.valid - imported,
        rejectedCount: staged.rejected.length,
      };
      await tx
        .update(dataImports)
        .set({ ...counts, status: 'Done', errorMessage: null, updatedAt: new Date() })
        .where(and(eq(dataImports.organizationId, scope.organizationId), eq(dataImports.id, importId)));
      if (options.beforeCommit) await options.beforeCommit(tx);
      if (!distributed) {
        await tx.execute(sql`RESET ROLE`);
        await tx.execute(sql`DROP TABLE ${staging}`);
        await tx.execute(sql`SET LOCAL ROLE canvass_app`);
      }
      return counts;
    });
    // Citus deadlocks dropping a reference table in the transaction that read it; a drop lost to a crash here is the
    // daily sweep's (staging-sweep.ts), the import being Done already.
    if (distributed) await client.query(`DROP TABLE ${table}`);
    return { ...counts, ...file };
  } catch (err) {
    await client.query(`DROP TABLE IF EXISTS ${table}`).catch(() => {});
    const known = err instanceof ImportError || err instanceof SheetError;
    if (!known) platform.logger.error({ err, importId }, 'data import failed');
    await setImport(platform, scope, importId, {
      status: 'Failed',
      errorMessage: known ? err.message : 'The import failed; nothing from the file was imported',
    });
    throw err;
  }
}
