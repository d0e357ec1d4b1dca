import { effectiveListFilters, type EnumValue, type ListFilterType } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rows } from '../../../platform/db/schema/index';
import type { Tx } from '../../../platform/db/tenant';
import { rowsOfList } from '../../lists/rows-of-list';

/*
 * Why a row of a project's list gets no text: the one rule, used by the load (which writes the rows left out and
 * their counts) and by the List Import summary before it (which counts them), so the two never disagree.
 */

/** What of the project the rule reads: its client's opt-outs and filters, its own filters, its list. */
export interface ReasonProject {
  id: number;
  client_id: number;
  list_id: number | null;
}

/** What rowsWithReasons needs: the project, its list's row range, the filters in force and the texts' first id. */
export interface RowReasonsInput {
  org: number;
  project: ReasonProject;
  list: { first_row_id: string | null; last_row_id: string | null };
  filters: EffectiveFilters;
  /** A text's id is idBase + its row's position (0 when no text is made). */
  idBase: number;
}

type FilterRow = {
  listFilterType: EnumValue<typeof ListFilterType>;
  carrier: string | null;
  state: string | null;
  clientId: number | null;
  projectId: number | null;
};

export interface EffectiveFilters {
  landline: boolean;
  carriers: string[];
  states: string[];
}

/**
 * The Landline, Carrier and State filters in force for the project (effectiveListFilters: project over client over
 * organization, per type). Opt-outs (the organization's and the project's client's), do-not-contact numbers,
 * invalid numbers and duplicates are always left out, filter or no filter: a text to any of them is a compliance
 * failure or cannot be sent, so their filter types add nothing here.
 */
export async function filtersOf(tx: Tx, org: number, project: ReasonProject): Promise<EffectiveFilters> {
  const { rows } = await tx.execute<FilterRow>(sql`
    SELECT list_filter_type AS "listFilterType", carrier, state, client_id AS "clientId", project_id AS "projectId"
      FROM list_filters
     WHERE organization_id = ${org}
       AND ((client_id IS NULL AND project_id IS NULL) OR client_id = ${project.client_id} OR project_id = ${project.id})`);
  const at = (level: 'organization' | 'client' | 'project') =>
    rows.filter((f) =>
      level === 'project'
        ? f.projectId != null
        : level === 'client'
          ? f.clientId != null
          : f.projectId == null && f.clientId == null,
    );
  const effective = effectiveListFilters({
    organization: at('organization'),
    client: at('client'),
    project: at('project'),
  });
  return {
    landline: effective.some((f) => f.listFilterType === 'Landline'),
    carriers: effective.flatMap((f) => (f.listFilterType === 'Carrier' && f.carrier ? [f.carrier] : [])),
    states: effective.flatMap((f) => (f.listFilterType === 'State' && f.state ? [f.state] : [])),
  };
}

/**
 * Every row of the list with the first reason it gets no text (the order of projectExclusionReasons), null for the
 * rows that get one: its recipient phone (a hash join on the organization's ToPhone numbers), the opt-outs (the
 * organization's and the project's client's), and the filters in force. Opt-outs, do-not-contact numbers, invalid
 * numbers and duplicates are always left out, filter or no filter.
 */
export function rowsWithReasons(t: RowReasonsInput, cols: string[] = []) {
  const { org, project, filters: f, idBase, list } = t;
  const listRows = rowsOfList(
    org,
    {
      id: Number(project.list_id),
      firstRowId: list.first_row_id === null ? null : Number(list.first_row_id),
      lastRowId: list.last_row_id === null ? null : Number(list.last_row_id),
    },
    alias(rows, 'r'),
  );
  const pgArray = (values: string[], type: string) => sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;
  return sql`
    SELECT r.id AS row_id, ${idBase}::bigint + r.position AS id, coalesce(r.to_phone_number, r.raw_phone_number) AS number,
           p.id AS to_phone_id, left(r.to_phone_number, 3) AS area_code${sql.raw(cols.map((c) => `, r.${c}`).join(''))},
           CASE WHEN r.row_status = 'Duplicate' THEN 'Duplicate'::project_exclusion_reason
                WHEN r.row_status = 'Invalid' OR p.id IS NULL THEN 'Invalid'
                WHEN p.do_not_contact THEN 'DoNotContact'
                WHEN oo.phone_id IS NOT NULL THEN 'OrganizationOptOut'
                WHEN co.phone_id IS NOT NULL THEN 'ClientOptOut'
                WHEN ${f.landline} AND p.line_type = 'Landline' THEN 'Landline'
                WHEN p.carrier = ANY (${pgArray(f.carriers, 'carrier')}) THEN 'Carrier'
                WHEN r.state = ANY (${pgArray(f.states, 'text')}) THEN 'State'
           END AS reason
      FROM rows r
      LEFT JOIN phones p
             ON p.organization_id = ${org} AND p.phone_type = 'ToPhone' AND p.number = r.to_phone_number
      LEFT JOIN opt_outs oo
             ON oo.organization_id = ${org} AND oo.client_id IS NULL AND oo.phone_id = p.id
      LEFT JOIN opt_outs co
             ON co.organization_id = ${org} AND co.client_id = ${project.client_id} AND co.phone_id = p.id
     WHERE ${listRows}`;
}
