import { brand, client, phone, type Filter } from '@canvass/domain';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { brands, clients, phones } from '../db/schema/index';
import {
  DEFAULT_PAGE_SIZE,
  encodeCursor,
  filterCondition,
  ListArgumentError,
  MAX_PAGE_SIZE,
  planList,
} from './list-query';

const dialect = new PgDialect();
const render = (s: SQL | undefined) => dialect.sqlToQuery(s ?? sql``);
const plan = (args: Parameters<typeof planList>[2]) => planList(clients, client, args, undefined);
const b64 = (s: string) => Buffer.from(s).toString('base64url');
const segments = (p: ReturnType<typeof plan>) => p.segments.map((s) => render(s));
const order = (p: ReturnType<typeof plan>) => render(sql.join(p.orderBy, sql`, `)).sql;

describe('cursors', () => {
  it('round-trip: the key and id of encodeCursor come back as the keyset bounds of the next page', () => {
    for (const [sortBy, key, id] of [
      ['createdAt', '2024-05-01 12:00:00.123456+00', 42],
      ['name', 'rivera for senate', 7],
      ['agencyId', '12', 3],
    ] as const) {
      const [first] = segments(plan({ sortBy, after: encodeCursor(key, id) }));
      expect(first.params).toEqual([key, id]);
    }
  });

  it('encodes a Date key as its ISO string', () => {
    const d = new Date('2024-05-01T12:00:00.000Z');
    expect(segments(plan({ after: encodeCursor(d, 1) }))[0].params).toEqual(['2024-05-01T12:00:00.000Z', 1]);
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

  it('a key that is not a value of the sort column is an invalid cursor, not a database error', () => {
    const bad: [string, unknown][] = [
      ['createdAt', 'yesterday'],
      ['createdAt', null], // created_at is never null
      ['agencyId', 'x'],
      ['clientType', 'Bogus'],
      ['name', 12],
    ];
    for (const [sortBy, k] of bad)
      expect(() => plan({ sortBy, after: b64(JSON.stringify({ k, id: 1 })) }), `${sortBy} ${String(k)}`).toThrow(
        'Invalid cursor',
      );
    expect(() => plan({ sortBy: 'agencyId', after: encodeCursor(null, 1) })).not.toThrow();
  });

  it('no cursor: no keyset condition', () => {
    expect(plan({}).segments).toEqual([undefined]);
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
    expect(order(plan({}))).toBe('"clients"."created_at" DESC NULLS FIRST, "clients"."id" DESC');
  });

  it('sorts by the plain column, so a btree on (organization_id, column, id) serves it forwards or backwards', () => {
    expect(order(plan({ sortBy: 'name' }))).toBe('"clients"."name" ASC NULLS LAST, "clients"."id" ASC');
    expect(order(plan({ sortBy: 'name', sortOrder: 'Desc' }))).toBe(
      '"clients"."name" DESC NULLS FIRST, "clients"."id" DESC',
    );
  });

  it('reading backwards flips the order and the keyset comparison', () => {
    const cursor = encodeCursor('x', 1);
    const fwd = plan({ sortBy: 'name', after: cursor });
    const back = plan({ sortBy: 'name', before: cursor, last: 2 });
    expect(fwd.backwards).toBe(false);
    expect(back.backwards).toBe(true);
    expect(segments(fwd).map((s) => s.sql)).toEqual(['("clients"."name", "clients"."id") > ($1, $2)']);
    expect(segments(back).map((s) => s.sql)).toEqual(['("clients"."name", "clients"."id") < ($1, $2)']);
    expect(order(back)).toMatch(/DESC/);
  });

  it('a nullable sort column: values then nulls ascending, nulls then values descending, exact at the border', () => {
    const at = (k: string | null, sortOrder: 'Asc' | 'Desc') =>
      segments(plan({ sortBy: 'agencyId', sortOrder, after: encodeCursor(k, 5) })).map((s) => s.sql);
    const row = '("clients"."agency_id", "clients"."id")';
    expect(at('7', 'Asc')).toEqual([`${row} > ($1, $2)`, '"clients"."agency_id" is null']);
    expect(at(null, 'Asc')).toEqual(['("clients"."agency_id" is null and "clients"."id" > $1)']);
    expect(at(null, 'Desc')).toEqual([
      '("clients"."agency_id" is null and "clients"."id" < $1)',
      '"clients"."agency_id" is not null',
    ]);
    expect(at('7', 'Desc')).toEqual([`${row} < ($1, $2)`]);
  });

  it('a column sorted as its id (phones by date) is read through the key, both ways, its cursor keeping the id', () => {
    const phonesPlan = (args: Parameters<typeof planList>[2]) => planList(phones, phone, args, undefined);
    expect(order(phonesPlan({}))).toBe('"phones"."id" DESC NULLS FIRST, "phones"."id" DESC');
    expect(order(phonesPlan({ sortBy: 'createdAt', sortOrder: 'Asc' }))).toBe(
      '"phones"."id" ASC NULLS LAST, "phones"."id" ASC',
    );
    const next = phonesPlan({ sortBy: 'createdAt', after: encodeCursor(41, 41) });
    expect(segments(next).map(({ sql, params }) => ({ sql, params }))).toEqual([
      { sql: '("phones"."id", "phones"."id") > ($1, $2)', params: [41, 41] },
    ]);
    // A date where the id belongs is a tampered cursor.
    expect(() => phonesPlan({ after: encodeCursor('2024-05-01T12:00:00.000Z', 41) })).toThrow('Invalid cursor');
    // Number keeps its own column.
    expect(order(phonesPlan({ sortBy: 'number' }))).toBe('"phones"."number" ASC NULLS LAST, "phones"."id" ASC');
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

  it('Like on a phone column searches the digits of what was typed', () => {
    const like = (value: string) =>
      render(filterCondition(phones, phone, { field: 'number', operation: 'Like', value }));
    expect(like('(917)-555-0111').params).toEqual(['%9175550111%']);
    expect(like('+1 917 555 0111').params).toEqual(['%9175550111%']);
    expect(like('555-01').params).toEqual(['%55501%']);
    expect(like('no digits').sql).toBe('false');
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
