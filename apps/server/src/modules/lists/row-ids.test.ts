import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { RowIds } from './row-ids';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

/** `count` ids taken as a load takes them: ensure() before each batch of `batch`, then next() per row. */
async function take(ids: RowIds, count: number, batch: number): Promise<number[]> {
  const taken: number[] = [];
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await ids.ensure(n);
    for (let i = 0; i < n; i++) taken.push(ids.next());
  }
  return taken;
}

describe("a load's row ids", () => {
  it('ascend in the order the rows are met, and two loads at once never share one', async () => {
    const [first, second] = await Promise.all([
      take(new RowIds(app.platform), 25_000, 700),
      take(new RowIds(app.platform), 25_000, 1_300),
    ]);
    for (const ids of [first, second]) expect(ids.every((id, i) => i === 0 || id > ids[i - 1])).toBe(true);
    expect(new Set([...first, ...second]).size).toBe(50_000);
  });

  it('come after any id the rows table handed out before, and before any it hands out after', async () => {
    const org = await buildOrganization(app);
    const insert = () =>
      app.sql(
        `WITH l AS (INSERT INTO lists (organization_id, name, google_sheet_key) VALUES ($1, 'Ids', 'key')
                    RETURNING organization_id, id)
         INSERT INTO rows (organization_id, list_id, position, row_status)
         SELECT organization_id, id, 1, 'Valid' FROM l RETURNING id`,
        [org.id],
      );
    const before = Number((await insert()).rows[0].id);
    const taken = await take(new RowIds(app.platform), 3_000, 1_000);
    const after = Number((await insert()).rows[0].id);
    expect(Math.min(...taken)).toBeGreaterThan(before);
    expect(Math.max(...taken)).toBeLessThan(after);
  });
});
