import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant';
import { ProjectLoadError, projectLoadMessages } from './load-error';
import type { SenderPhone } from './sender';

// What a project load reads, each held for the load's transaction: the project, its list, its senders, its price.

export interface ProjectRow extends Record<string, unknown> {
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

/** The project, locked (FOR UPDATE): it must be Loading and have a message. */
export async function lockProject(tx: Tx, org: number, projectId: number): Promise<ProjectRow> {
  const { rows } = await tx.execute<ProjectRow>(sql`
    SELECT id, client_id, list_id, message, media_url, media_position, campaign_type, area_code_selection,
           project_status
      FROM projects WHERE organization_id = ${org} AND id = ${projectId} FOR UPDATE`);
  const project = rows[0];
  if (!project || project.project_status !== 'Loading') throw new ProjectLoadError(projectLoadMessages.notAwaiting);
  if (!project.message?.trim()) throw new ProjectLoadError(projectLoadMessages.noMessage);
  return { ...project, id: Number(project.id), client_id: Number(project.client_id) };
}

export interface ListRow extends Record<string, unknown> {
  list_status: string;
  rows_count: number;
  row_headers: string[];
  /** The range of the rows' ids (rowsOfList); null for a list without rows. */
  first_row_id: string | null;
  last_row_id: string | null;
}

/** The project's list, held (FOR SHARE) so that a reload of it waits until this load has committed. */
export async function lockList(tx: Tx, org: number, project: ProjectRow) {
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
export async function activePhones(tx: Tx, org: number, projectId: number): Promise<SenderPhone[]> {
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
export async function priceOf(tx: Tx, org: number, project: ProjectRow): Promise<string | null> {
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

export const serviceType = (project: ProjectRow) => (project.media_url ? 'MMS' : 'SMS');
