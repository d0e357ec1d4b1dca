import { restrictionResources, restrictionRoles } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { asAppRole } from './app-role';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';

let app: TestApp;
let orgA: BuiltOrganization;
let orgB: BuiltOrganization;
let adminA: string;
let adminB: string;

interface Cell {
  role: string;
  resource: string;
  operations: string[];
}

const GRID = `{ organizationRestrictions { role resource operations } }`;
const SAVE = `mutation($r: [RoleRestrictionInput!]!) { saveRestrictions(restrictions: $r) { restrictions { role resource operations } errors { field messages } message } }`;
const CLIENTS = `{ clients(first: 5) { nodes { id } } }`;

const cellOf = (grid: Cell[], role: string, resource: string) =>
  grid.find((c) => c.role === role && c.resource === resource);

async function grid(token: string): Promise<Cell[]> {
  return (await gql(app, GRID, {}, { token })).data?.organizationRestrictions;
}

beforeAll(async () => {
  app = await createTestApp();
  orgA = await buildOrganization(app, 'Restrictions A');
  orgB = await buildOrganization(app, 'Restrictions B');
  adminA = await orgA.tokenFor('Admin');
  adminB = await orgB.tokenFor('Admin');
});

describe('the restrictions grid', () => {
  it('shows every role × restriction resource with what each may do', async () => {
    const cells = await grid(adminA);
    expect(cells).toHaveLength(restrictionRoles.length * restrictionResources.length);
    expect(cellOf(cells, 'Client', 'Client')?.operations).toEqual(['Export', 'View']);
    expect(cellOf(cells, 'Texter', 'Client')?.operations).toEqual([]);
  });

  it('is read and saved by organization admins only', async () => {
    const manager = await orgA.tokenFor('Manager');
    const read = await gql(app, GRID, {}, { token: manager });
    expect(read.errors?.[0]).toMatchObject({
      message: 'Only an organization admin can change the restrictions',
      extensions: { code: 'FORBIDDEN' },
    });
    const saved = await gql(
      app,
      SAVE,
      { r: [{ role: 'Manager', resource: 'Client', operations: ['View'] }] },
      { token: manager },
    );
    expect(saved.errors?.[0].message).toBe('Only an organization admin can change the restrictions');
    expect(cellOf(await grid(adminA), 'Manager', 'Client')?.operations).toEqual([
      'Create',
      'Delete',
      'Export',
      'Update',
      'View',
    ]);
  });

  it('a restriction removed in the grid is enforced by the API on the next request', async () => {
    const manager = await orgA.tokenFor('Manager');
    expect((await gql(app, CLIENTS, {}, { token: manager })).errors).toBeUndefined();

    const removed = await gql(
      app,
      SAVE,
      { r: [{ role: 'Manager', resource: 'Client', operations: ['Export'] }] },
      { token: adminA },
    );
    expect(removed.data?.saveRestrictions.message).toBe('All changes saved');
    expect(cellOf(removed.data?.saveRestrictions.restrictions, 'Manager', 'Client')?.operations).toEqual(['Export']);

    // The same access token, the next request: no View on Client any more, and currentUser says so.
    const refused = await gql(app, CLIENTS, {}, { token: manager });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const me = await gql(app, `{ currentUser { restrictions { resource operations } } }`, {}, { token: manager });
    expect(
      me.data?.currentUser.restrictions.find((r: { resource: string }) => r.resource === 'Client').operations,
    ).toEqual(['Export']);

    await gql(app, SAVE, { r: [{ role: 'Manager', resource: 'Client', operations: ['View'] }] }, { token: adminA });
    expect((await gql(app, CLIENTS, {}, { token: manager })).errors).toBeUndefined();
  });

  it('keeps a role whose every box was cleared cleared, instead of falling back to its defaults', async () => {
    const client = await orgA.tokenFor('Client');
    expect((await gql(app, CLIENTS, {}, { token: client })).errors).toBeUndefined();
    const cleared = restrictionResources.map((resource) => ({ role: 'Client', resource, operations: [] }));
    await gql(app, SAVE, { r: cleared }, { token: adminA });
    expect((await gql(app, CLIENTS, {}, { token: client })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await grid(adminA)).filter((c) => c.role === 'Client').every((c) => c.operations.length === 0)).toBe(true);
  });

  it('refuses a resource it does not know and saves nothing', async () => {
    const res = await gql(
      app,
      SAVE,
      {
        r: [
          { role: 'Texter', resource: 'Client', operations: ['View'] },
          { role: 'Texter', resource: 'Spaceship', operations: ['View'] },
        ],
      },
      { token: adminA },
    );
    expect(res.data?.saveRestrictions.errors).toEqual([
      { field: 'resource', messages: ['Spaceship is not a restriction resource'] },
    ]);
    expect(cellOf(await grid(adminA), 'Texter', 'Client')?.operations).toEqual([]);
  });

  it('of another organization are neither read nor changed', async () => {
    await gql(app, SAVE, { r: [{ role: 'Texter', resource: 'Brand', operations: ['View'] }] }, { token: adminB });
    expect(cellOf(await grid(adminB), 'Texter', 'Brand')?.operations).toEqual(['View']);
    expect(cellOf(await grid(adminA), 'Texter', 'Brand')?.operations).toEqual([]);
    await asAppRole(app, orgB.id, async (c) => {
      const seen = await c.query('SELECT count(*)::int AS n FROM restrictions WHERE organization_id = $1', [orgA.id]);
      expect(seen.rows[0].n).toBe(0);
      const changed = await c.query(`UPDATE restrictions SET operations = '{}' WHERE organization_id = $1`, [orgA.id]);
      expect(changed.rowCount).toBe(0);
      await expect(
        c.query(
          `INSERT INTO restrictions (organization_id, role, resource, operations) VALUES ($1, 'Texter', 'X', '{}')`,
          [orgA.id],
        ),
      ).rejects.toThrow(/row-level security/);
    });
  });
});
