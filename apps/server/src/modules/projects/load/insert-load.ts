import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant';
import { withLinkToken } from './link-token-sql';
import { serviceType, type ListRow, type ProjectRow } from './load-inputs';
import { columnsOf, hasLink, renderSql, type TemplatePart } from './message-template';
import { rowsWithReasons, type EffectiveFilters } from './row-reasons';
import { segmentsSql } from './segments-sql';
import { chooseSenders, tieOrder, type SenderPhone } from './sender';

// What a project load writes: its texts, exclusions and area codes in one statement, then its text counts.

/**
 * On Citus an INSERT … SELECT without ON CONFLICT is pushed through COPY, which PostgreSQL refuses into a table
 * under row-level security; with it, the insert runs on the workers (as the list load's does). Nothing conflicts:
 * the load removed the project's previous rows first, and its ids are reserved.
 */
const onConflict = (distributed: boolean) => (distributed ? sql`ON CONFLICT DO NOTHING` : sql``);

/** A fresh key for the link tokens of one load (46-bit Feistel rounds take a bigint seed). */
export function linkKey(): bigint {
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

export interface LoadInsert {
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
export async function insertLoad(tx: Tx, t: LoadInsert) {
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
export async function insertTextCounts(
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
