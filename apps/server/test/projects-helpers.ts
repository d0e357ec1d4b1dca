import { expect } from 'vitest';
import type { BuiltOrganization } from './factories';
import { gql, type TestApp } from './harness';

export const PROJECT_FIELDS = `id name message projectStatus projectStatusGroup deliveryType isPaused
  projectPhones { id phoneId isPrimary } projectTexters { id userId quota } projectTeams { id teamId }`;
export const CREATE_PROJECT = `mutation($a: ProjectAttributes!) { createProject(attributes: $a) {
  project { ${PROJECT_FIELDS} } errors { field messages } message } }`;
export const UPDATE_PROJECT = `mutation($id: ID!, $a: ProjectAttributes!) { updateProject(id: $id, attributes: $a) {
  project { ${PROJECT_FIELDS} } errors { field messages } message } }`;
export const LOAD_SEND = `mutation($p: ID!, $o: ProjectAction!, $phoneIds: [ID!], $body: String, $from: ID) {
  loadSendProject(projectId: $p, option: $o, phoneIds: $phoneIds, body: $body, fromPhoneId: $from) {
    message errors { field messages } project { id projectStatus } } }`;
export const CHANGE_STATUS = `mutation($p: ID!, $s: ProjectStatus!) { changeProjectStatus(projectId: $p, projectStatus: $s) {
  message errors { field messages } project { id projectStatus } } }`;
export const SET_PAUSED = `mutation($p: ID!, $v: Boolean!) { setProjectPaused(projectId: $p, isPaused: $v) {
  message errors { field messages } project { id isPaused } } }`;

export async function userIdOf(app: TestApp, email: string): Promise<string> {
  return String((await app.sql('SELECT id FROM users WHERE email = $1', [email])).rows[0].id);
}

/** A project of the organization's client, created through the API as its admin; its id. */
export async function createProject(
  app: TestApp,
  org: BuiltOrganization,
  token: string,
  attrs: Record<string, unknown> = {},
): Promise<string> {
  const res = await gql(
    app,
    CREATE_PROJECT,
    {
      a: {
        name: 'Get out the vote',
        projectType: 'GetOutToVote',
        clientId: String(org.clientId),
        managerId: await userIdOf(app, org.emailFor('Manager')),
        ...attrs,
      },
    },
    { token },
  );
  expect(res.errors).toBeUndefined();
  expect(res.data?.createProject.errors).toEqual([]);
  return res.data?.createProject.project.id;
}

/** A phone of the organization (status Active unless told), straight into the table; its id. */
export async function insertPhone(app: TestApp, orgId: number, number: string, status = 'Active'): Promise<string> {
  const { rows } = await app.sql(
    `INSERT INTO phones (organization_id, number, phone_type, phone_status) VALUES ($1, $2, 'FromPhone', $3) RETURNING id`,
    [orgId, number, status],
  );
  return String(rows[0].id);
}

export async function setStatus(app: TestApp, projectId: string, status: string, extra = ''): Promise<void> {
  await app.sql(`UPDATE projects SET project_status = $2${extra} WHERE id = $1`, [projectId, status]);
}

export async function statusOf(app: TestApp, projectId: string): Promise<string> {
  return (await app.sql('SELECT project_status FROM projects WHERE id = $1', [projectId])).rows[0].project_status;
}
