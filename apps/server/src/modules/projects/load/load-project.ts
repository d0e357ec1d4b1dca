import { sql, type SQL } from 'drizzle-orm';
import { withoutReferenceChecks } from '../../../platform/db/reference-checks';
import { reserveIds } from '../../../platform/db/reserve-ids';
import { withTenant, type Tx } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import { rowsAreDistributed } from '../../lists/staging';
import { ProjectLoadError, projectLoadMessages } from './load-error';
import { withLinkToken } from './link-token-sql';
import { columnsOf, compileTemplate, hasLink, renderSql, templateContext, type TemplatePart } from './message-template';
import { removeLoad } from './remove-load';
import { filtersOf, rowsWithReasons, type EffectiveFilters } from './row-reasons';
import { segmentsSql } from './segments-sql';
import { chooseSenders, tieOrder, type SenderPhone } from './sender';

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

interface ProjectRow extends Record<string, unknown> {
  id: number;
  client_id: number;
  list_id: number | null;
  message: string;
  media_url: string | null;
  media_position: string;
  campaign_type: string;
  area_code_selection: 'MatchingAreaCode' | 'MostCommonAreaCode';
  project_status: string;
}

/**
 * On Citus an INSERT … SELECT without ON CONFLICT is pushed through COPY, which PostgreSQL refuses into a table
 * under row-level security; with it, the insert runs on the workers (as the list load's does). Nothing conflicts:
 * the load removed the project's previous rows first, and its ids are reserved.
 */
const onConflict = (distributed: boolean) => (distributed ? sql`ON CONFLICT DO NOTHING` : sql``);

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

async function lockProject(tx: Tx, org: number, projectId: number): Promise<ProjectRow> {
  const { rows } = await tx.execute<ProjectRow>(sql`
    SELECT id, client_id, list_id, message, media_url, media_position, campaign_type, area_code_selection,
           project_status
      FROM projects WHERE organization_id = ${org} AND id = ${projectId} FOR UPDATE`);
  const project = rows[0];
  if (!project || project.project_status !== 'Loading') throw new ProjectLoadError(projectLoadMessages.notAwaiting);
  if (!project.message?.trim()) throw new ProjectLoadError(projectLoadMessages.noMessage);
  return { ...project, id: Number(project.id), client_id: Number(project.client_id) };
}

interface ListRow extends Record<string, unknown> {
  list_status: string;
  rows_count: number;
  row_headers: string[];
  /** The range of the rows' ids (rowsOfList); null for a list without rows. */
  first_row_id: string | null;
  last_row_id: string | null;
}

/** The project's list, held (FOR SHARE) so that a reload of it waits until this load has committed. */
async function lockList(tx: Tx, org: number, project: ProjectRow) {
  if (project.list_id == null) throw new ProjectLoadError(projectLoadMessages.noList);
  const { rows } = await tx.execute<ListRow>(sql`
    SELECT list_status, rows_count, row_headers, first_row_id, last_row_id FROM lists
     WHERE organization_id = ${org} AND id = ${project.list_id} FOR SHARE`);
  const list = rows[0];
  if (!list) throw new ProjectLoadError(projectLoadMessages.noList);
  if (list.list_status !== 'Loaded') throw new ProjectLoadError(projectLoadMessages.listNotLoaded);
  return list;
}

/** The project's Active sender phones with their area codes. */
async function activePhones(tx: Tx, org: number, projectId: number): Promise<SenderPhone[]> {
  const { rows } = await tx.execute<{ phone_id: string; area_code: string; is_primary: boolean }>(sql`
    SELECT ph.id AS phone_id, left(ph.number, 3) AS area_code, pp.is_primary
      FROM project_phones pp
      JOIN phones ph ON ph.organization_id = pp.organization_id AND ph.id = pp.phone_id
     WHERE pp.organization_id = ${org} AND pp.project_id = ${projectId} AND ph.phone_status = 'Active'
     FOR KEY SHARE OF ph`);
  return rows.map((r) => ({ phoneId: Number(r.phone_id), areaCode: r.area_code, isPrimary: r.is_primary }));
}

/**
 * The price of one text of the project's service and campaign type as of now (message contract): the most specific
 * row (project, else client, else organization) with the latest start. Null when no price applies.
 */
async function priceOf(tx: Tx, org: number, project: ProjectRow): Promise<string | null> {
  const { rows } = await tx.execute<{ price: string }>(sql`
    SELECT price::text AS price FROM prices
     WHERE organization_id = ${org} AND is_sent
       AND messaging_service_type = ${serviceType(project)} AND campaign_type = ${project.campaign_type}
       AND start_at <= now()
       AND (project_id = ${project.id} OR (project_id IS NULL AND client_id = ${project.client_id})
            OR (project_id IS NULL AND client_id IS NULL))
     ORDER BY (project_id IS NOT NULL) DESC, (client_id IS NOT NULL) DESC, start_at DESC, id DESC
     LIMIT 1`);
  return rows[0]?.price ?? null;
}

const serviceType = (project: ProjectRow) => (project.media_url ? 'MMS' : 'SMS');

/** A fresh key for the link tokens of one load (46-bit Feistel rounds take a bigint seed). */
function linkKey(): bigint {
  const bytes = crypto.getRandomValues(new Uint32Array(2));
  return (BigInt(bytes[0] & 0x7fffffff) << 32n) | BigInt(bytes[1]);
}

/**
 * The sender of a text over `x` (which has area_code), and the join it needs. MatchingAreaCode: the phone of the
 * recipient's area code, else the fallback. MostCommonAreaCode: one phone for all, chosen in the statement from
 * the area-code counts `ac` it makes (the most recipients, ties in tieOrder), else the first in tieOrder.
 */
function senderOf(selection: ProjectRow['area_code_selection'], phones: SenderPhone[]) {
  const ordered = tieOrder(phones);
  const codes = `{${ordered.map((p) => p.areaCode).join(',')}}`;
  const ids = `{${ordered.map((p) => p.phoneId).join(',')}}`;
  if (selection === 'MostCommonAreaCode') {
    const fallback = sql`coalesce((SELECT c.phone_id FROM unnest(${codes}::text[], ${ids}::bigint[]) WITH ORDINALITY c(area_code, phone_id, ord)
                                   JOIN ac ON ac.area_code = c.area_code ORDER BY ac.count DESC, c.ord LIMIT 1),
                                  ${ordered[0].phoneId}::bigint)`;
    return { join: sql``, phone: fallback, fallback };
  }
  const byAreaCode = chooseSenders(selection, phones, new Map()).byAreaCode;
  const fallback = sql`${ordered[0].phoneId}::bigint`;
  return {
    join: sql`LEFT JOIN unnest(${`{${[...byAreaCode.keys()].join(',')}}`}::text[], ${`{${[...byAreaCode.values()].join(',')}}`}::bigint[]) s(area_code, phone_id) ON s.area_code = x.area_code`,
    phone: sql`coalesce(s.phone_id, ${fallback})`,
    fallback,
  };
}

interface LoadInsert {
  org: number;
  project: ProjectRow;
  list: ListRow;
  filters: EffectiveFilters;
  parts: TemplatePart[];
  phones: SenderPhone[];
  price: string | null;
  idBase: number;
  createdAt: Date;
  key: bigint;
  distributed: boolean;
}

/**
 * The whole load in one statement, over one scan of the list's rows joined once to their phones and opt-outs
 * (`x`, materialized): the rows left out into project_exclusions and their counts, the eligible recipients by area
 * code into project_area_codes, and one Ready List text per eligible row, with its id supplied (idBase + position).
 * Three passes over the rows cost twice the join and twice the row-level security checks of a million rows.
 *
 * The rendered message is a concatenation of bound literals and columns; the token (withLinkToken), the message and
 * its segments each come from the level below (OFFSET 0 keeps the levels apart), so the inlined SQL functions read a column and
 * run once per row.
 */
async function insertLoad(tx: Tx, t: LoadInsert) {
  const { org, project, parts } = t;
  const onConflictDo = onConflict(t.distributed);
  const link = hasLink(parts);
  const sender = senderOf(project.area_code_selection, t.phones);
  const cols = columnsOf(parts);
  const base = sql`
    SELECT x.id, x.to_phone_id, ${sender.phone} AS from_phone_id${sql.raw(cols.map((c) => `, x.${c}`).join(''))}
      FROM x ${sender.join}
     WHERE x.reason IS NULL`;
  const tokened = link ? withLinkToken(base, t.key) : base;
  const seg = segmentsSql(parts, 'k');
  const rendered = sql`SELECT k.*, ${renderSql(parts, 'k')} AS rendered, ${seg.measures} FROM (${tokened} OFFSET 0) k`;
  const segmented = sql`SELECT m.*, ${seg.segments('m')} AS segments FROM (${rendered} OFFSET 0) m`;
  const mms = serviceType(project) === 'MMS';
  // Most texts are one segment: their price is the bound constant, not a numeric product made per row.
  const price =
    t.price === null
      ? sql`NULL::numeric`
      : mms
        ? sql`${t.price}::numeric`
        : sql`CASE WHEN y.segments = 1 THEN ${t.price}::numeric ELSE ${t.price}::numeric * y.segments END`;
  const { rows } = await tx.execute<{
    texts: number;
    excluded: Record<string, number> | null;
    area_codes: Record<string, number> | null;
    fallback: string;
  }>(sql`
    WITH x AS MATERIALIZED (${rowsWithReasons(t, cols)}),
    ex AS (
      INSERT INTO project_exclusions (organization_id, project_id, reason, row_id, number, to_phone_id)
      SELECT ${org}::bigint, ${project.id}::bigint, x.reason, x.row_id, x.number, x.to_phone_id FROM x
       WHERE x.reason IS NOT NULL
      ${onConflictDo}
      RETURNING reason),
    exc AS (
      INSERT INTO project_exclusion_counts (organization_id, project_id, reason, count)
      SELECT ${org}::bigint, ${project.id}::bigint, reason, count(*) FROM ex GROUP BY reason
      ${onConflictDo}
      RETURNING reason, count),
    ac AS (
      INSERT INTO project_area_codes (organization_id, project_id, area_code, count)
      SELECT ${org}::bigint, ${project.id}::bigint, x.area_code, count(*) FROM x WHERE x.reason IS NULL GROUP BY 3
      ${onConflictDo}
      RETURNING area_code, count),
    t AS (
      INSERT INTO texts (id, organization_id, body, rendered_message, text_status, text_type, messaging_service_type,
                         tracking_id, from_phone_id, to_phone_id, project_id, segments, price, media_position,
                         created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT y.id, ${org}::bigint, ${project.message}::text, y.rendered, 'Ready', 'List', ${serviceType(project)}::messaging_service_type,
             ${link ? sql`y.token` : sql`NULL`}, y.from_phone_id, y.to_phone_id, ${project.id}::bigint, y.segments,
             ${price}, ${mms ? sql`${project.media_position}::media_position` : sql`NULL`},
             ${t.createdAt}::timestamptz, ${t.createdAt}::timestamptz
        FROM (${segmented} OFFSET 0) y
      ${onConflictDo}
      RETURNING 1)
    SELECT (SELECT count(*) FROM t)::int AS texts,
           (SELECT json_object_agg(reason, count) FROM exc) AS excluded,
           (SELECT json_object_agg(area_code, count) FROM ac) AS area_codes,
           ${sender.fallback} AS fallback`);
  const row = rows[0];
  return {
    texts: Number(row.texts),
    excluded: Object.fromEntries(Object.entries(row.excluded ?? {}).map(([k, v]) => [k, Number(v)])),
    areaCodes: new Map(Object.entries(row.area_codes ?? {}).map(([k, v]) => [k, Number(v)])),
    fallback: Number(row.fallback),
  };
}

/** The sender of a count row: a join on the area-code map, else the fallback (MostCommonAreaCode: the map is empty). */
function senderSql(senders: { byAreaCode: Map<string, number>; fallback: number }, areaCode: SQL) {
  if (senders.byAreaCode.size === 0) return { join: sql``, phone: sql`${senders.fallback}::bigint` };
  const codes = `{${[...senders.byAreaCode.keys()].join(',')}}`;
  const ids = `{${[...senders.byAreaCode.values()].join(',')}}`;
  return {
    join: sql`LEFT JOIN unnest(${codes}::text[], ${ids}::bigint[]) s(area_code, phone_id) ON s.area_code = ${areaCode}`,
    phone: sql`coalesce(s.phone_id, ${senders.fallback}::bigint)`,
  };
}

/**
 * The Ready texts the load made, counted by sender from the area codes (each area code's recipients went to one
 * sender), added to project_text_counts for the load's day.
 */
async function insertTextCounts(
  tx: Tx,
  org: number,
  projectId: number,
  senders: { byAreaCode: Map<string, number>; fallback: number },
  createdAt: Date,
) {
  const sender = senderSql(senders, sql`a.area_code`);
  await tx.execute(sql`
    INSERT INTO project_text_counts (organization_id, project_id, day, from_phone_id, text_status, count)
    SELECT ${org}::bigint, ${projectId}::bigint, (${createdAt}::timestamptz AT TIME ZONE 'UTC')::date,
           ${sender.phone}, 'Ready', sum(a.count)
      FROM project_area_codes a ${sender.join}
     WHERE a.organization_id = ${org} AND a.project_id = ${projectId}
     GROUP BY 4
    ON CONFLICT (organization_id, project_id, day, from_phone_id, text_status)
      DO UPDATE SET count = project_text_counts.count + EXCLUDED.count`);
}
