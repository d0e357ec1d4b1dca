import { INBOUND_TEXT_STATUSES, inboundTexts, outboundTexts, summaryVersion } from '@canvass/domain';
import { viewerCan, type Viewer } from '../../../platform/auth/viewer';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { projects } from '../../../platform/db/schema/index';
import type { Tx } from '../../../platform/db/tenant';
import { ownerCondition } from '../../../platform/resources/policy';
import { tableOf } from '../../tables';
import { projectSenders, type ProjectSender } from './sender-health';

/**
 * Spec §7 "Project summaries", read from what the load and sending keep (project_loads, project_exclusion_counts,
 * project_text_counts, project_area_codes), never by counting texts, rows or exclusions. Every read names the
 * viewer's organization, and a project the viewer may not see (spec §6: a Client-role user sees its own client's
 * projects only) has no summary.
 */

export interface CountBy<K extends string> {
  key: K;
  count: number;
}

export interface ProjectSummary {
  projectId: number;
  /** The database snapshot the summary was read in (summaryVersion): a later read never has a lower one. */
  version: string;
  loadedAt: Date | null;
  loadErrorMessage: string | null;
  /** Why sending paused by itself (carriers blocked every sender); null while it runs or a user paused it. */
  pauseReason: string | null;
  /** Why the provider is not taking the project's texts right now (they retry until it does); null when it is. */
  providerTrouble: string | null;
  /** The project's status now: a live overview re-reads its actions when this moves (Sending → Complete). */
  projectStatus: string;
  rowsCount: number;
  /** The texts the project sends (outboundTexts): one per recipient the load made, the replies left out. */
  totalTexts: number;
  /** The replies its recipients sent (inboundTexts). */
  receivedTexts: number;
  duplicatePhones: number;
  invalidPhones: number;
  optOutPhones: number;
  /** Every reason rows were left out for, with its count, in the order the reasons are tried. */
  excluded: CountBy<string>[];
  textStatus: CountBy<string>[];
  textsPerProvider: CountBy<string>[];
  areaCodes: { top: CountBy<string>[]; total: number; areaCodesCount: number };
  insights: { day: string; textStatus: string; count: number }[];
  /** Each sender number's delivery, flagged when its failures rise (issue 15 §4). */
  senders: ProjectSender[];
}

export type ExcludedTab = 'duplicates' | 'invalids' | 'optOuts';
export const TAB_REASONS: Record<ExcludedTab, string[]> = {
  duplicates: ['Duplicate'],
  invalids: ['Invalid'],
  optOuts: ['OrganizationOptOut', 'ClientOptOut'],
};

/** The condition that the project row `projects` is one the viewer may see (its organization, its clients). */
function visibleProject(viewer: Viewer, projectId: number): SQL {
  const owner = ownerCondition(projects.clientId, viewer, tableOf);
  const base = and(eq(projects.organizationId, viewer.organizationId), eq(projects.id, projectId))!;
  return owner ? and(base, owner)! : base;
}

/** Whether the viewer may see the project's summaries: View on Project, and the project in its policy. */
export async function canSeeProject(tx: Tx, viewer: Viewer, projectId: number): Promise<boolean> {
  if (!viewerCan(viewer, 'View', 'Project')) return false;
  const found = await tx.select({ id: projects.id }).from(projects).where(visibleProject(viewer, projectId));
  return found.length > 0;
}

const num = (v: unknown) => Number(v ?? 0);

/** The replies' statuses as a SQL array, to leave them out of what the project sends. */
const inboundStatuses = sql`${`{${INBOUND_TEXT_STATUSES.join(',')}}`}::text_status[]`;

/**
 * The snapshot this transaction reads in, as a version that orders reads by what they saw: the next transaction id
 * then (xmax), and of two snapshots with the same xmax the later has fewer transactions still running (none can
 * start in between). Read in the summary's own REPEATABLE READ transaction, every figure shares that snapshot.
 */
async function snapshotVersion(tx: Tx): Promise<string> {
  const [row] = (
    await tx.execute<{ xmax: string; running: string }>(sql`
      SELECT pg_snapshot_xmax(s)::text AS xmax, (SELECT count(*) FROM pg_snapshot_xip(s))::text AS running
        FROM pg_current_snapshot() s`)
  ).rows;
  return summaryVersion(BigInt(row.xmax), Number(row.running));
}

/** The project's summaries; null when the viewer may not see the project. */
export async function projectSummary(tx: Tx, viewer: Viewer, projectId: number): Promise<ProjectSummary | null> {
  if (!viewerCan(viewer, 'View', 'Project')) return null;
  const [project] = await tx
    .select({
      pauseReason: projects.pauseReason,
      providerTrouble: projects.providerTrouble,
      projectStatus: projects.projectStatus,
    })
    .from(projects)
    .where(visibleProject(viewer, projectId));
  if (!project) return null;
  const version = await snapshotVersion(tx);
  const org = viewer.organizationId;
  const where = sql`organization_id = ${org} AND project_id = ${projectId}`;
  const [load] = (
    await tx.execute<{ loaded_at: Date | null; error_message: string | null; rows_count: number }>(
      sql`SELECT loaded_at, error_message, rows_count FROM project_loads WHERE ${where}`,
    )
  ).rows;
  const excluded = (
    await tx.execute<{ key: string; count: number }>(
      sql`SELECT reason::text AS key, count FROM project_exclusion_counts WHERE ${where} ORDER BY reason`,
    )
  ).rows.map((r) => ({ key: r.key, count: num(r.count) }));
  const byReason = (reasons: string[]) =>
    excluded.filter((e) => reasons.includes(e.key)).reduce((a, e) => a + e.count, 0);
  const textStatus = (
    await tx.execute<{ key: string; count: string }>(sql`
      SELECT text_status::text AS key, sum(count) AS count FROM project_text_counts WHERE ${where}
       GROUP BY text_status HAVING sum(count) > 0 ORDER BY 2 DESC, 1`)
  ).rows.map((r) => ({ key: r.key, count: num(r.count) }));
  // Before a text is sent its provider is its sender's: the number it goes out through.
  const textsPerProvider = (
    await tx.execute<{ key: string | null; count: string }>(sql`
      SELECT coalesce(p.provider::text, 'Unknown') AS key, sum(c.count) AS count
        FROM project_text_counts c
        JOIN phones p ON p.organization_id = c.organization_id AND p.id = c.from_phone_id
       WHERE c.organization_id = ${org} AND c.project_id = ${projectId}
         AND NOT c.text_status = ANY (${inboundStatuses})
       GROUP BY 1 HAVING sum(c.count) > 0 ORDER BY 2 DESC, 1`)
  ).rows.map((r) => ({ key: r.key ?? 'Unknown', count: num(r.count) }));
  const codes = (
    await tx.execute<{ key: string; count: number }>(
      sql`SELECT area_code AS key, count FROM project_area_codes WHERE ${where} ORDER BY count DESC, area_code`,
    )
  ).rows.map((r) => ({ key: r.key, count: num(r.count) }));
  const insights = (
    await tx.execute<{ day: string; text_status: string; count: string }>(sql`
      SELECT day::text AS day, text_status::text AS text_status, sum(count) AS count FROM project_text_counts
       WHERE ${where} GROUP BY day, text_status HAVING sum(count) > 0 ORDER BY day, text_status`)
  ).rows.map((r) => ({ day: r.day, textStatus: r.text_status, count: num(r.count) }));
  return {
    projectId,
    version,
    loadedAt: load?.loaded_at ? new Date(load.loaded_at) : null,
    loadErrorMessage: load?.error_message ?? null,
    pauseReason: project.pauseReason,
    providerTrouble: project.providerTrouble,
    projectStatus: project.projectStatus,
    rowsCount: num(load?.rows_count),
    totalTexts: outboundTexts(textStatus),
    receivedTexts: inboundTexts(textStatus),
    duplicatePhones: byReason(TAB_REASONS.duplicates),
    invalidPhones: byReason(TAB_REASONS.invalids),
    optOutPhones: byReason(TAB_REASONS.optOuts),
    excluded,
    textStatus,
    textsPerProvider,
    areaCodes: { top: codes.slice(0, 5), total: codes.reduce((a, c) => a + c.count, 0), areaCodesCount: codes.length },
    insights,
    senders: await projectSenders(tx, org, projectId),
  };
}

export interface ExcludedPhone {
  rowId: number;
  position: number;
  reason: string;
  number: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface ExcludedPhonePage {
  nodes: ExcludedPhone[];
  hasNextPage: boolean;
  endCursor: string | null;
}

const PAGE = 50;

/**
 * One page of a project's duplicate_phones, invalid_phones or opt_out_phones tab, in (reason, row) order through
 * the exclusions' key: `after` is the previous page's endCursor. Null when the viewer may not see the project.
 */
export async function excludedPhones(
  tx: Tx,
  viewer: Viewer,
  projectId: number,
  tab: ExcludedTab,
  page: { first?: number | null; after?: string | null },
): Promise<ExcludedPhonePage | null> {
  if (!(await canSeeProject(tx, viewer, projectId))) return null;
  const first = Math.min(Math.max(page.first ?? PAGE, 1), 250);
  const org = viewer.organizationId;
  const reasons = `{${TAB_REASONS[tab].join(',')}}`;
  const [afterReason, afterRow] = parseCursor(page.after, TAB_REASONS[tab]);
  const after =
    afterReason === null
      ? sql``
      : sql`AND (e.reason, e.row_id) > (${afterReason}::project_exclusion_reason, ${afterRow}::bigint)`;
  const { rows } = await tx.execute<{
    row_id: string;
    position: number;
    reason: string;
    number: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(sql`
    SELECT e.row_id, r.position, e.reason::text AS reason, e.number, r.first_name, r.last_name
      FROM project_exclusions e
      JOIN rows r ON r.organization_id = e.organization_id AND r.id = e.row_id
     WHERE e.organization_id = ${org} AND e.project_id = ${projectId}
       AND e.reason = ANY (${reasons}::project_exclusion_reason[]) ${after}
     ORDER BY e.reason, e.row_id
     LIMIT ${first + 1}`);
  const nodes = rows.slice(0, first).map((r) => ({
    rowId: Number(r.row_id),
    position: r.position,
    reason: r.reason,
    number: r.number,
    firstName: r.first_name,
    lastName: r.last_name,
  }));
  const last = nodes.at(-1);
  return {
    nodes,
    hasNextPage: rows.length > first,
    endCursor: last ? `${last.reason}:${last.rowId}` : null,
  };
}

/** A cursor of this tab, else none (the first page). */
function parseCursor(cursor: string | null | undefined, reasons: string[]): [string | null, number | null] {
  if (!cursor) return [null, null];
  const [reason, row] = cursor.split(':');
  const rowId = Number(row);
  if (!reasons.includes(reason) || !Number.isSafeInteger(rowId)) return [null, null];
  return [reason, rowId];
}
