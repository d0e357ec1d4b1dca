import fs from 'node:fs';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { expect } from 'vitest';
import * as schema from '../src/platform/db/schema/index';

/**
 * The harness's check that every statement the app sends to a tenant table names its organization (issue 36 §6): a
 * SELECT, UPDATE or DELETE that reads or changes a table with an organization_id column carries an organization_id
 * comparison, so that on Citus it routes to the one shard that holds the organization. Row-level security would
 * hide other organizations' rows without it, but the statement would then reach every shard.
 *
 * Every pg client of the test process is observed (the app's pool, each long run's own pool, the load's own
 * client). Only the app's statements are judged: those sent inside a transaction that switched to the app's role
 * (withTenant, withSystem, tenantContext). The owner's own connections (migrations, graphile-worker's queue, the
 * events' NOTIFY, a test's assertions through TestApp.sql) never switch, and are not the app's hot path.
 */

/** Tenant tables: every table of the Drizzle schema with an organization_id column. */
export const TENANT_TABLES: readonly string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table))
  .filter((config) => config.columns.some((column) => column.name === 'organization_id'))
  .map((config) => config.name)
  .sort();

/**
 * The system handle's statements that cross organizations on purpose, by the reason their withSystem names
 * (application_name system:<reason>). Each spans every organization by design, so it has no one organization to
 * name.
 */
export const CROSS_ORGANIZATION_REASONS: Readonly<Record<string, string>> = {
  'landing-organization': 'signing in: the organizations a person belongs to, before one is chosen',
  'locked-out': 'signing in: whether the person is locked out of every organization it belongs to',
  'dispatch-sweep': 'the scheduler: which organizations have texts due or claims gone stale',
  'staging-sweep': 'the staging sweep: the imports and loads still running, in any organization',
  'client slug unique across organizations': "a client's public slug is unique platform-wide (withSystemPeek)",
  'reseal-configuration-values': "a secrets key rotation: every organization's provider values sealed anew",
  'reseal-provider-settings': "a secrets key rotation: every organization's brands' provider settings sealed anew",
  'webhook-routing':
    "a provider's webhook: the organization is what routing a sender number or a text's reference finds",
};

/**
 * Tests whose own statements read or write without an organization on purpose: each proves that row-level security
 * hides other organizations' rows from such a statement. A statement is theirs when the test file is on its stack.
 */
export const ROW_SECURITY_PROBES: Readonly<Record<string, string>> = {
  'tenancy.test.ts': 'the organizations a transaction sees, counted across every one',
  'teams.test.ts': "teams and their users out of raw SQL's reach as the app role",
  'collections.test.ts': "collections out of raw SQL's reach as the app role",
  'opt-outs.test.ts': "phones' do-not-contact out of raw SQL's reach as the app role",
  'load-list.test.ts': "a list's rows and sheets out of raw SQL's reach as the app role",
};

/**
 * Whether a probe sent the statement: its file is on the statement's stack (a raw query), or the statement is
 * written out in the probe file that runs now (a query through drizzle, whose stack has lost the test's frame).
 */
function sentByProbe(statement: string): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const probes = Object.keys(ROW_SECURITY_PROBES);
  if (probes.some((file) => stack.includes(`/${file}:`))) return true;
  const running = expect.getState().testPath;
  return (
    running !== undefined &&
    probes.includes(path.basename(running)) &&
    fs.readFileSync(running, 'utf8').includes(statement.trim())
  );
}

export interface Violation {
  statement: string;
  tables: string[];
  context: string;
}

const tablePattern = new RegExp(
  `\\b(?:from|join|update|delete\\s+from)\\s+(?:"?public"?\\.)?"?(${TENANT_TABLES.join('|')})"?(?![\\w"])`,
  'gi',
);
/** An organization_id compared with something: `"t"."organization_id" = $1`, `= ANY(...)`, `IN (...)`, or on the right. */
const organizationPredicate =
  /organization_id"?\s*(?:=|<>|\bin\b|\bis\s+not\s+distinct\s+from\b)|=\s*(?:[\w"]+\.)?"?organization_id\b/i;

/** The tenant tables a statement reads or changes, when it is a SELECT, UPDATE or DELETE (or WITH …) without an organization predicate. */
export function unscopedTables(statement: string): string[] {
  if (!/^\s*(?:\(?\s*select|update|delete|with)\b/i.test(statement)) return [];
  const tables = new Set([...statement.matchAll(tablePattern)].map((m) => m[1].toLowerCase()));
  if (tables.size === 0 || organizationPredicate.test(statement)) return [];
  return [...tables];
}

interface ClientState {
  current: ClientContext;
  savepoints: ClientContext[];
  inTransaction: boolean;
}

/** What a client's current transaction acts as: none (the owner), a tenant, or the system with its reason. */
interface ClientContext {
  as: 'owner' | 'tenant' | 'system';
  reason: string;
}

const contexts = new WeakMap<object, ClientState>();
const violations: Violation[] = [];

/** Moves a client's context along one statement of a query string (several may share one: `INSERT …; COMMIT`). */
function step(state: ClientState, segment: string, text: string): void {
  const statement = segment.trim().toLowerCase();
  if (/^(begin|start transaction|commit|rollback|end)\b(?!\s+to)/.test(statement)) {
    state.current = { as: 'owner', reason: '' };
    state.savepoints = [];
    state.inTransaction = /^(begin|start transaction)\b/.test(statement);
  } else if (/^savepoint\b/.test(statement)) state.savepoints.push({ ...state.current });
  else if (/^rollback to savepoint\b/.test(statement)) state.current = state.savepoints.pop() ?? state.current;
  else if (/^release savepoint\b/.test(statement)) state.savepoints.pop();
  // SET LOCAL outside a transaction changes nothing (PostgreSQL warns): the statements after it run as the owner.
  else if (!state.inTransaction) return;
  else if (/^set local role canvass_app\b/.test(statement)) state.current = { as: 'tenant', reason: '' };
  else if (/^set local app\.system = 'on'/.test(statement)) {
    const reason = /application_name = 'system:([^']*)'/.exec(text)?.[1];
    state.current = { as: 'system', reason: reason ?? (state.current.reason || 'withSystemIn') };
  } else if (/^set local app\.system = 'off'/.test(statement)) state.current = { as: 'tenant', reason: '' };
}

/** The context a query string's statements run in (the one its first read or change meets), and the client's next. */
function track(client: object, text: string): ClientContext {
  let state = contexts.get(client);
  if (!state)
    contexts.set(client, (state = { current: { as: 'owner', reason: '' }, savepoints: [], inTransaction: false }));
  let judged: ClientContext | undefined;
  for (const segment of text.split(';')) {
    if (!judged && /^\s*(?:\(?\s*select|update|delete|with)\b/i.test(segment)) judged = { ...state.current };
    step(state, segment, text);
  }
  return judged ?? state.current;
}

/** Judges one statement a client sends; records it when it touches a tenant table without naming the organization. */
export function observe(client: object, text: string): void {
  const context = track(client, text);
  if (context.as === 'owner') return;
  if (context.as === 'system' && context.reason in CROSS_ORGANIZATION_REASONS) return;
  const tables = unscopedTables(text);
  if (tables.length === 0 || sentByProbe(text)) return;
  violations.push({
    statement: text.replace(/\s+/g, ' ').slice(0, 500),
    tables,
    context: context.as === 'system' ? `system:${context.reason}` : 'tenant',
  });
}

/** The violations recorded since the last call, which clears them. */
export function takeViolations(): Violation[] {
  return violations.splice(0);
}

let installed = false;

/** Observes every pg client of this process from now on. */
export function installStatementCheck(): void {
  if (installed) return;
  installed = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : undefined;
    if (text !== undefined) observe(this, text);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}
