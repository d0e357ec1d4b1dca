import { brand, client } from '@canvass/domain';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { brands, clients } from '../db/schema/index';
import {
  DEFAULT_PAGE_SIZE,
  encodeCursor,
  filterCondition,
  ListArgumentError,
  MAX_PAGE_SIZE,
  planList,
  type Filter,
} from './list-query';

const dialect = new PgDialect();
const render = (s: SQL | undefined) => dialect.sqlToQuery(s ?? sql``);
const plan = (args: Parameters<typeof planList>[2]) => planList(clients, client, args, undefined);
const b64 = (s: string) => Buffer.from(s).toString('base64url');

describe('cursors', () => {
  it('round-trip: the key and id of encodeCursor come back as the keyset bounds of the next page', () => {
    for (const [key, id] of [
      ['2024-05-01 12:00:00.123456+00', 42],
      ['rivera for senate', 7],
      [12.5, 3],
      [null, 9],
    ] as const) {
      const cursor = encodeCursor(key, id);
      const { params } = render(plan({ after: cursor }).pageWhere);
      expect(params).toEqual([key, id]);
    }
  });

  it('encodes a Date key as its ISO string', () => {
    const d = new Date('2024-05-01T12:00:00.000Z');
    expect(render(plan({ after: encodeCursor(d, 1) }).pageWhere).params).toEqual(['2024-05-01T12:00:00.000Z', 1]);
  });

  it('is URL-safe', () => {
    expect(encodeCursor('a/b+c==?&', 123456)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('an invalid cursor is a ListArgumentError', () => {
    for (const bad of ['not-a-cursor', b64('{"k":"x"}'), b64('null'), b64('{"k":1,"id":"7"}'), b64('[1,2]')]) {
      expect(() => plan({ after: bad }), bad).toThrow(ListArgumentError);
      expect(() => plan({ before: bad }), bad).toThrow('Invalid cursor');
    }
  });

  it('no cursor: no keyset condition', () => {
    expect(plan({}).pageWhere).toBeUndefined();
    expect(plan({}).hasCursor).toBe(false);
  });
});

describe('planList', () => {
  it('page size: 50 by default, limit is first, at most 500, never negative', () => {
    expect(plan({}).take).toBe(DEFAULT_PAGE_SIZE);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
    expect(plan({ first: 3 }).take).toBe(3);
    expect(plan({ limit: 7 }).take).toBe(7);
    expect(plan({ first: 10_000 }).take).toBe(MAX_PAGE_SIZE);
    expect(MAX_PAGE_SIZE).toBe(500);
    expect(plan({ first: -4 }).take).toBe(0);
    expect(plan({ last: 4 }).take).toBe(4);
  });

  it("sorts by the resource's default (clients: createdAt, newest first), then id", () => {
    const { sql: order } = render(sql.join(plan({}).orderBy, sql`, `));
    expect(order).toMatch(/"created_at".* DESC, "clients"\."id" DESC/);
  });

  it('sortBy alone sorts ascending; sortOrder Desc descending; text sorts case-insensitively', () => {
    expect(render(sql.join(plan({ sortBy: 'name' }).orderBy, sql`, `)).sql).toMatch(/lower\(.*"name".*\) ASC/);
    expect(render(sql.join(plan({ sortBy: 'name', sortOrder: 'Desc' }).orderBy, sql`, `)).sql).toMatch(/DESC/);
  });

  it('reading backwards flips the order and the keyset comparison', () => {
    const cursor = encodeCursor('x', 1);
    const fwd = plan({ sortBy: 'name', after: cursor });
    const back = plan({ sortBy: 'name', before: cursor, last: 2 });
    expect(fwd.backwards).toBe(false);
    expect(back.backwards).toBe(true);
    expect(render(fwd.pageWhere).sql).toContain(' > ');
    expect(render(back.pageWhere).sql).toContain(' < ');
    expect(render(sql.join(back.orderBy, sql`, `)).sql).toMatch(/DESC/);
  });

  it('an unknown sort field is a ListArgumentError', () => {
    expect(() => plan({ sortBy: 'passwordHash' })).toThrow(new ListArgumentError('Unknown field: passwordHash'));
    // A column of the table that is not a field of the resource is unknown too.
    expect(() => plan({ sortBy: 'organizationId' })).toThrow('Unknown field: organizationId');
  });
});

describe('filterCondition', () => {
  const cond = (f: Filter) => render(filterCondition(clients, client, f));

  it('Equal compares, and Equal with no value means null', () => {
    expect(cond({ field: 'clientType', operation: 'Equal', value: 'Agency' })).toMatchObject({ params: ['Agency'] });
    expect(cond({ field: 'agencyId', operation: 'Equal', value: null }).sql).toMatch(/is null/i);
  });

  it('In with no values matches nothing', () => {
    expect(cond({ field: 'clientStatus', operation: 'In', arrayValues: [] }).sql).toBe('false');
    expect(cond({ field: 'clientStatus', operation: 'In', arrayValues: ['Active', 'Prospect'] }).params).toEqual([
      'Active',
      'Prospect',
    ]);
  });

  it('With: has a value, or ("false") has none', () => {
    expect(cond({ field: 'agencyId', operation: 'With', value: 'true' }).sql).toMatch(/is not null/i);
    expect(cond({ field: 'agencyId', operation: 'With', value: 'false' }).sql).toMatch(/is null/i);
  });

  it('Like is a case-insensitive contains, with %, _ and \\ taken literally', () => {
    const q = cond({ field: 'name', operation: 'Like', value: '100%_\\x' });
    expect(q.sql).toMatch(/ILIKE/);
    expect(q.params).toEqual(['%100\\%\\_\\\\x%']);
  });

  it('GreaterThan and LessThan on a number field', () => {
    const gt = render(filterCondition(brands, brand, { field: 'throughput', operation: 'GreaterThan', value: '5' }));
    expect(gt.sql).toContain('>');
    expect(gt.params).toEqual([5]);
  });

  it('an unknown field is a ListArgumentError', () => {
    expect(() => cond({ field: 'nope', operation: 'Equal', value: 'x' })).toThrow(ListArgumentError);
    expect(() => cond({ field: 'id', operation: 'Equal', value: '1' })).not.toThrow();
  });
});
