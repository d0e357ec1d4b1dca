import type { TestApp } from './harness';
import { memorySource } from './memory-source';
import { runListLoad } from '../src/modules/lists/run-list-load';

/**
 * Small factories for the project load's tests: projects, their phones and filters are made directly in the
 * database (the project resource API lives with the lifecycle), lists through the real list load.
 */
export const LIST_HEADER = ['Phone', 'First', 'Last', 'Ward', 'Note'];

export async function loadedList(app: TestApp, orgId: number, sheet: string[][]): Promise<number> {
  const { rows } = await app.sql(
    `INSERT INTO lists (organization_id, name, google_sheet_key) VALUES ($1, 'Voters', 'key') RETURNING id`,
    [orgId],
  );
  const listId = Number(rows[0].id);
  const sheetRow = await app.sql(
    `INSERT INTO sheets (organization_id, list_id, source_sheet_id, name, column_roles, header_row)
     VALUES ($1, $2, '0', 'Sheet1', '{Phone,FirstName,LastName,Column,Column}'::list_column_role[], $3) RETURNING id`,
    [orgId, listId, LIST_HEADER.slice(3)],
  );
  await app.sql('UPDATE lists SET sheet_id = $1 WHERE id = $2', [sheetRow.rows[0].id, listId]);
  await runListLoad(app.platform, { organizationId: orgId, userId: null }, listId, {
    source: memorySource({ Sheet1: [LIST_HEADER, ...sheet] }),
  });
  return listId;
}

export async function makeClient(app: TestApp, orgId: number, name: string): Promise<number> {
  const { rows } = await app.sql(
    `INSERT INTO clients (organization_id, name, client_type, client_status) VALUES ($1, $2, 'Campaign', 'Active')
     RETURNING id`,
    [orgId, name],
  );
  return Number(rows[0].id);
}

export interface ProjectOptions {
  clientId: number;
  listId: number | null;
  message: string;
  status?: string;
  areaCodeSelection?: 'MatchingAreaCode' | 'MostCommonAreaCode';
  mediaUrl?: string;
  mediaPosition?: string;
}

export async function makeProject(app: TestApp, orgId: number, o: ProjectOptions): Promise<number> {
  const manager = await app.sql(`SELECT user_id FROM organization_users WHERE organization_id = $1 LIMIT 1`, [orgId]);
  const { rows } = await app.sql(
    `INSERT INTO projects (organization_id, name, message, project_status, project_type, client_id, manager_id, list_id,
                           area_code_selection, media_url, media_position)
     VALUES ($1, 'Blast', $2, $3, (enum_range(NULL::project_type))[1], $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      orgId,
      o.message,
      o.status ?? 'AwaitingLoad',
      o.clientId,
      manager.rows[0].user_id,
      o.listId,
      o.areaCodeSelection ?? 'MatchingAreaCode',
      o.mediaUrl ?? null,
      o.mediaPosition ?? 'NoPreference',
    ],
  );
  return Number(rows[0].id);
}

/** A purchased number (FromPhone) in `status`, added to the project. */
export async function addSender(
  app: TestApp,
  orgId: number,
  projectId: number,
  number: string,
  opts: { primary?: boolean; status?: string } = {},
): Promise<number> {
  const { rows } = await app.sql(
    `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, provider)
     VALUES ($1, $2, $3, 'FromPhone', 'Provider', 'Twilio')
     ON CONFLICT (organization_id, number, phone_type) DO UPDATE SET number = EXCLUDED.number RETURNING id`,
    [orgId, number, opts.status ?? 'Active'],
  );
  const phoneId = Number(rows[0].id);
  await app.sql(
    `INSERT INTO project_phones (organization_id, project_id, phone_id, area_code, is_primary) VALUES ($1, $2, $3, $4, $5)`,
    [orgId, projectId, phoneId, number.slice(0, 3), opts.primary ?? false],
  );
  return phoneId;
}

export async function addFilter(
  app: TestApp,
  orgId: number,
  f: { type: string; carrier?: string; state?: string; clientId?: number; projectId?: number },
) {
  await app.sql(
    `INSERT INTO list_filters (organization_id, client_id, project_id, list_filter_type, carrier, state)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [orgId, f.clientId ?? null, f.projectId ?? null, f.type, f.carrier ?? null, f.state ?? null],
  );
}

/** The recipient phone the list load made for `number`. */
export async function recipient(app: TestApp, orgId: number, number: string): Promise<number> {
  const { rows } = await app.sql(
    `SELECT id FROM phones WHERE organization_id = $1 AND number = $2 AND phone_type = 'ToPhone'`,
    [orgId, number],
  );
  return Number(rows[0].id);
}

export async function optOut(app: TestApp, orgId: number, number: string, clientId: number | null) {
  await app.sql(
    `INSERT INTO opt_outs (organization_id, phone_id, number, client_id, opt_out_type) VALUES ($1, $2, $3, $4, 'Manual')`,
    [orgId, await recipient(app, orgId, number), number, clientId],
  );
}
