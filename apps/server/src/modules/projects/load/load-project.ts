import { sql } from 'drizzle-orm';
import { withoutReferenceChecks } from '../../../platform/db/reference-checks';
import { reserveIds } from '../../../platform/db/reserve-ids';
import { withTenant, type Tx } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import { rowsAreDistributed } from '../../lists/staging';
import { insertLoad, insertTextCounts, linkKey } from './insert-load';
import { ProjectLoadError, projectLoadMessages } from './load-error';
import { activePhones, lockList, lockProject, priceOf } from './load-inputs';
import { compileTemplate, templateContext } from './message-template';
import { removeLoad } from './remove-load';
import { filtersOf } from './row-reasons';
import { chooseSenders } from './sender';

export interface ProjectLoadScope {
  organizationId: number;
  userId: number | null;
}

export interface ProjectLoadHooks {
  /** Rows of the list handled so far, of `total`. */
  progress?(processed: number, total: number): Promise<void>;
  /** Test seam: runs inside the load's transaction before it commits (a failure there must change nothing). */
  beforeCommit?(tx: Tx): Promise<void>;
}

/** What a load made, as the task shows it. */
export interface ProjectLoadResult {
  rows: number;
  texts: number;
  excluded: Record<string, number>;
}

const tenant = (scope: ProjectLoadScope) => ({ organizationIds: [scope.organizationId], userId: scope.userId });

/** The list's size, read before the load so its text ids can be reserved in one step. */
async function listSize(platform: Platform, scope: ProjectLoadScope, projectId: number): Promise<number> {
  const { rows } = await withTenant(platform.database, tenant(scope), (tx) =>
    tx.execute<{ n: number | null }>(sql`
      SELECT l.rows_count AS n FROM projects p
        JOIN lists l ON l.organization_id = p.organization_id AND l.id = p.list_id
       WHERE p.organization_id = ${scope.organizationId} AND p.id = ${projectId}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Generates the project's texts: one Ready List text per eligible row of its list, with the rows left out recorded
 * by reason, the counts by area code, day, sender and status, and the project Ready. Everything happens in one
 * transaction (a failure changes nothing) that first removes what an earlier load left, so a retry never doubles
 * texts. The project must be Loading. Throws a ProjectLoadError for a problem staff can fix.
 */
export async function loadProjectTexts(
  platform: Platform,
  scope: ProjectLoadScope,
  projectId: number,
  hooks: ProjectLoadHooks = {},
): Promise<ProjectLoadResult> {
  const org = scope.organizationId;
  const size = await listSize(platform, scope, projectId);
  const client = await platform.database.pool.connect();
  let idBase: number;
  let distributed: boolean;
  try {
    // Positions run 1 … rows_count, so a text's id is idBase + its row's position.
    idBase = await reserveIds(client, 'texts', size);
    distributed = await rowsAreDistributed(client);
  } finally {
    client.release();
  }
  return withTenant(platform.database, tenant(scope), async (tx) => {
    // Room for the hashes of a million numbers, for this transaction only.
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    // Not waiting for the commit's WAL flush: a load lost in a crash left the project Loading with nothing made,
    // and its job runs it again (a retry removes whatever an earlier attempt left). Nothing else commits here.
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    const project = await lockProject(tx, org, projectId);
    const list = await lockList(tx, org, project);
    if (list.rows_count > size) throw new Error('the list was reloaded while the project loaded; load again');
    const parts = compileTemplate(project.message, await templateContext(tx, org, list.row_headers));
    const phones = await activePhones(tx, org, projectId);
    if (phones.length === 0) throw new ProjectLoadError(projectLoadMessages.noActivePhone);
    const total = list.rows_count;
    await hooks.progress?.(0, total);

    await removeLoad(tx, org, projectId);
    const filters = await filtersOf(tx, org, project);
    const price = await priceOf(tx, org, project);
    const createdAt = new Date();
    const load = { org, project, list, filters, parts, phones, price, idBase, createdAt, key: linkKey(), distributed };
    // The project is locked (FOR UPDATE), its senders held (FOR KEY SHARE) and the list's rows held (FOR SHARE on
    // the list) for the whole transaction: the inserts' references hold without a check per row.
    const made = await (distributed
      ? insertLoad(tx, load)
      : withoutReferenceChecks(tx, () => insertLoad(tx, load)).then((r) => r.result));
    const { texts, excluded, areaCodes } = made;
    const senders = chooseSenders(project.area_code_selection, phones, areaCodes);
    // The statement chose the MostCommonAreaCode sender from its own counts; the counts below rest on this one.
    if (senders.fallback !== made.fallback)
      throw new Error(`the load chose sender ${made.fallback}, not ${senders.fallback}`);
    const eligible = [...areaCodes.values()].reduce((a, b) => a + b, 0);
    // The counts below are derived from the area codes, not from the texts: they must agree.
    if (texts !== eligible) throw new Error(`the load made ${texts} texts for ${eligible} eligible rows`);
    await insertTextCounts(tx, org, projectId, senders, createdAt);
    await tx.execute(sql`
      INSERT INTO project_loads (organization_id, project_id, error_message, loaded_at, rows_count, texts_count, updated_at)
      VALUES (${org}, ${projectId}, NULL, ${createdAt}, ${total}, ${texts}, ${createdAt})
      ON CONFLICT (organization_id, project_id) DO UPDATE
        SET error_message = NULL, loaded_at = EXCLUDED.loaded_at, rows_count = EXCLUDED.rows_count,
            texts_count = EXCLUDED.texts_count, updated_at = EXCLUDED.updated_at`);
    await tx.execute(sql`
      UPDATE projects SET project_status = 'Ready', updated_at = ${createdAt}
       WHERE organization_id = ${org} AND id = ${projectId}`);
    await hooks.progress?.(total, total);
    if (hooks.beforeCommit) await hooks.beforeCommit(tx);
    return { rows: total, texts, excluded };
  });
}
