import { listErrorMessages, listMessages, messages, type EnumValue, type ListStatus } from '@canvass/domain';
import { and, eq, notInArray } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import type { Viewer } from '../../platform/auth/viewer';
import { lists, projects, sheets } from '../../platform/db/schema/index';
import { withTenant, type Tx } from '../../platform/db/tenant';
import { startBackgroundTask } from '../../platform/jobs/background-tasks';
import { closeAbandonedTask, runIsLive } from '../../platform/jobs/run-lock';
import type { Platform } from '../../platform/platform';
import type { RowOf } from '../../platform/resources/resource-service';
import { planColumns, type ColumnRole } from './column-roles';
import { openListSource } from './list-source';
import { loadListJob } from './lists.job';
import { listsService } from './lists.service';
import { ALREADY_LOADING, runListLoad } from './run-list-load';
import { SheetError } from './sources/source';

export interface ListActionResult {
  errors: Record<string, string[]>;
  message: string | null;
}

type Status = EnumValue<typeof ListStatus>;
/** A load queued for a worker (it will run); a load a worker has begun (under way while it holds its run lock). */
const QUEUED: readonly Status[] = ['Submitted'];
const RUNNING: readonly Status[] = ['AwaitingLoad', 'Loading', 'LoadingPhones'];
const ABANDONED = 'The load stopped before it finished (its worker ended); the list kept its previous rows';
const MAX_PREVIEW_ROWS = 100;

const refused = (field: string, message: string): ListActionResult => ({
  errors: { [field]: [message] },
  message: null,
});
/**
 * While a load is under way the list's sheet choice and a second load wait. A list left loading by a worker that
 * died is not under way (platform/jobs/run-lock.ts): it may be loaded again, its old rows untouched by the dead run.
 */
export async function loadUnderWay(tx: Tx, list: RowOf<typeof lists>): Promise<boolean> {
  const status = list.listStatus;
  if (QUEUED.includes(status)) return true;
  return RUNNING.includes(status) && runIsLive(tx, 'list_load', list.id);
}

const scopeOf = (viewer: Viewer) => ({ organizationIds: [viewer.organizationId], userId: viewer.userId });

/** The list (through its policy) and one of its sheets, or null when the viewer cannot see them. */
async function findListSheet(tx: Tx, viewer: Viewer, listId: number, sheetId: number) {
  const list = await listsService.get(tx, viewer, listId);
  if (!list) return null;
  const [sheet] = await tx
    .select()
    .from(sheets)
    .where(and(eq(sheets.organizationId, viewer.organizationId), eq(sheets.listId, listId), eq(sheets.id, sheetId)));
  return { list, sheet: sheet ?? null };
}

const sourceOf = (platform: Platform, list: RowOf<typeof lists>, viewer: Viewer) =>
  openListSource(platform, {
    userId: viewer.userId,
    organizationId: list.organizationId,
    uploadId: list.uploadId,
    googleSheetKey: list.googleSheetKey,
  });

/** A SheetError as the API reports it: the user's problem with its words, and the list status it stands for. */
function sheetProblem(err: unknown): never {
  if (err instanceof SheetError)
    throw new GraphQLError(err.message, { extensions: { code: 'BAD_USER_INPUT', listStatus: err.status } });
  throw err;
}

/** The first rows of one of the list's sheets, header included, for the column-role picker. */
export async function previewSheet(
  platform: Platform,
  viewer: Viewer,
  listId: number,
  sheetId: number,
  limit: number,
): Promise<string[][]> {
  const found = await withTenant(platform.database, scopeOf(viewer), (tx) =>
    findListSheet(tx, viewer, listId, sheetId),
  );
  if (!found?.sheet) throw new GraphQLError(messages.notFound, { extensions: { code: 'NOT_FOUND' } });
  const source = await sourceOf(platform, found.list, viewer).catch(sheetProblem);
  const rows = Math.min(Math.max(limit, 1), MAX_PREVIEW_ROWS);
  return source.preview(found.sheet.sourceSheetId, rows).catch(sheetProblem);
}

/**
 * Saves the sheet to load, its header row and one role per column. A choice the load would refuse (two phone
 * columns, none, 51 kept columns …) is refused now with the same words, and nothing changes.
 */
export async function setListColumns(
  platform: Platform,
  viewer: Viewer,
  choice: { listId: number; sheetId: number; headerRowIndex: number; columnRoles: ColumnRole[] },
): Promise<ListActionResult> {
  const found = await withTenant(platform.database, scopeOf(viewer), async (tx) => {
    const listSheet = await findListSheet(tx, viewer, choice.listId, choice.sheetId);
    return listSheet && { ...listSheet, loading: await loadUnderWay(tx, listSheet.list) };
  });
  if (!found) return refused('base', messages.notFound);
  if (!found.sheet) return refused('sheetId', listMessages.sheetNotFound);
  if (found.loading) return refused('base', ALREADY_LOADING);
  if (
    !Number.isInteger(choice.headerRowIndex) ||
    choice.headerRowIndex < 0 ||
    choice.headerRowIndex >= MAX_PREVIEW_ROWS
  )
    return refused('headerRowIndex', listMessages.headerRowOutside);
  let preview: string[][];
  try {
    const source = await sourceOf(platform, found.list, viewer);
    preview = await source.preview(found.sheet.sourceSheetId, choice.headerRowIndex + 1);
  } catch (err) {
    if (err instanceof SheetError) return refused('base', err.message);
    throw err;
  }
  const header = preview[choice.headerRowIndex];
  if (!header) return refused('headerRowIndex', listMessages.headerRowOutside);
  if (choice.columnRoles.length !== header.length)
    return refused('columnRoles', listMessages.columnRolesCount(header.length));
  let kept: number[];
  try {
    kept = planColumns(choice.columnRoles).columns;
  } catch (err) {
    if (err instanceof SheetError) return refused('columnRoles', err.message);
    throw err;
  }
  const sheet = found.sheet;
  await withTenant(platform.database, scopeOf(viewer), async (tx) => {
    await tx
      .update(sheets)
      .set({
        headerRowIndex: choice.headerRowIndex,
        columnRoles: choice.columnRoles,
        // The kept columns' names, so message placeholders find columnOne … by the sheet's own words.
        headerRow: kept.map((i) => header[i]?.trim() || `Column ${i + 1}`),
        updatedAt: new Date(),
      })
      .where(and(eq(sheets.organizationId, viewer.organizationId), eq(sheets.id, sheet.id)));
    await tx
      .update(lists)
      .set({ sheetId: sheet.id, updatedAt: new Date() })
      .where(and(eq(lists.organizationId, viewer.organizationId), eq(lists.id, choice.listId)));
  });
  return { errors: {}, message: messages.allChangesSaved };
}

/** A project that is not finished holds its list: reloading it would change who that project texts. */
async function inUseByActiveProject(tx: Tx, viewer: Viewer, listId: number): Promise<boolean> {
  const [project] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.organizationId, viewer.organizationId),
        eq(projects.listId, listId),
        notInArray(projects.projectStatus, ['Cancelled', 'Complete']),
      ),
    )
    .limit(1);
  return Boolean(project);
}

/**
 * Spec §7 loadList: checks the list can load, sets it Submitted and starts the load, as a background task the
 * list remembers (async) or inline. The outcome is on the list (status, counts or its error message).
 */
export async function loadList(
  platform: Platform,
  viewer: Viewer,
  listId: number,
  opts: { async: boolean },
): Promise<ListActionResult> {
  const started = await withTenant(platform.database, scopeOf(viewer), async (tx): Promise<ListActionResult | null> => {
    const list = await listsService.get(tx, viewer, listId);
    if (!list) return refused('base', messages.notFound);
    if (await loadUnderWay(tx, list)) return refused('base', ALREADY_LOADING);
    if (RUNNING.includes(list.listStatus) && list.loadTaskId != null)
      await closeAbandonedTask(tx, viewer.organizationId, list.loadTaskId, ABANDONED);
    if (list.sheetId == null) return refused('base', listMessages.notLoadable);
    const setList = (values: Partial<typeof lists.$inferInsert>) =>
      tx
        .update(lists)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(lists.organizationId, viewer.organizationId), eq(lists.id, listId)));
    if (await inUseByActiveProject(tx, viewer, listId)) {
      const message = listErrorMessages.ErrorSheetIsInUseByAProject;
      await setList({ listStatus: 'ErrorSheetIsInUseByAProject', loadErrorMessage: message });
      return refused('base', message);
    }
    await setList({ listStatus: 'Submitted', loadErrorMessage: null, loadTaskId: null });
    if (!opts.async) return null;
    const task = await startBackgroundTask(
      tx,
      loadListJob,
      { organizationId: viewer.organizationId, userId: viewer.userId },
      { listId },
    );
    await setList({ loadTaskId: task.id });
    return { errors: {}, message: listMessages.loadStarted };
  });
  if (started) return started;
  try {
    await runListLoad(platform, { organizationId: viewer.organizationId, userId: viewer.userId }, listId);
    return { errors: {}, message: listMessages.loaded };
  } catch (err) {
    const reason = err instanceof SheetError ? err.message : listMessages.loadFailedDetail;
    return { errors: { base: [reason] }, message: listMessages.loadFailed };
  }
}
