import { and, eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../../platform/auth/viewer';
import { lists, projects } from '../../../platform/db/schema/index';
import type { Tx } from '../../../platform/db/tenant';
import { referableWhere } from '../../../platform/resources/policy';
import { tableOf } from '../../tables';
import { canSeeProject, TAB_REASONS, type CountBy } from './project-summary.service';
import { filtersOf, rowsWithReasons } from './row-reasons';

/** What loading a list into a project would make of it now, as the stepper's List Import summary shows it. */
export interface ListImportSummary {
  rowsCount: number;
  /** The texts the load would make: the rows no reason leaves out. */
  texts: number;
  duplicates: number;
  invalids: number;
  /** Opted out of the organization or of the project's client (the project summary's optOutPhones). */
  optOuts: number;
  /** Every reason rows would be left out for, with its count, in the order the reasons are tried. */
  excluded: CountBy<string>[];
}

/**
 * The rows of `listId` that loading it into the project would leave out, by reason, and the texts it would make:
 * the load's own rule (rowsWithReasons) counted over the list now, with the opt-outs of the project's client and the
 * filters in force, so the summary says what the load will then do (issue 35 §4: "Opt-outs 0", then 44 client
 * opt-outs left out). It reads the list's rows once, as the load does; it counts no texts. Null when the viewer may
 * not see the project or may not reference the list.
 */
export async function listImportSummary(
  tx: Tx,
  viewer: Viewer,
  projectId: number,
  listId: number,
): Promise<ListImportSummary | null> {
  if (!(await canSeeProject(tx, viewer, projectId))) return null;
  const visibleList = referableWhere('list', tableOf, viewer);
  if (!visibleList) return null;
  const org = viewer.organizationId;
  const [list] = await tx
    .select({ firstRowId: lists.firstRowId, lastRowId: lists.lastRowId })
    .from(lists)
    .where(and(visibleList, eq(lists.organizationId, org), eq(lists.id, listId)));
  if (!list) return null;
  const [project] = await tx
    .select({ clientId: projects.clientId })
    .from(projects)
    .where(and(eq(projects.organizationId, org), eq(projects.id, projectId)));
  const reasonProject = { id: projectId, client_id: Number(project.clientId), list_id: listId };
  const rows = rowsWithReasons({
    org,
    project: reasonProject,
    list: {
      first_row_id: list.firstRowId === null ? null : String(list.firstRowId),
      last_row_id: list.lastRowId === null ? null : String(list.lastRowId),
    },
    filters: await filtersOf(tx, org, reasonProject),
    idBase: 0,
  });
  const counted = (
    await tx.execute<{ reason: string | null; count: string }>(sql`
      SELECT x.reason::text AS reason, count(*) AS count FROM (${rows}) x GROUP BY x.reason ORDER BY x.reason`)
  ).rows;
  const excluded = counted
    .filter((r): r is { reason: string; count: string } => r.reason !== null)
    .map((r) => ({ key: r.reason, count: Number(r.count) }));
  const byReason = (reasons: string[]) =>
    excluded.filter((e) => reasons.includes(e.key)).reduce((a, e) => a + e.count, 0);
  return {
    rowsCount: counted.reduce((a, r) => a + Number(r.count), 0),
    texts: Number(counted.find((r) => r.reason === null)?.count ?? 0),
    duplicates: byReason(TAB_REASONS.duplicates),
    invalids: byReason(TAB_REASONS.invalids),
    optOuts: byReason(TAB_REASONS.optOuts),
    excluded,
  };
}
