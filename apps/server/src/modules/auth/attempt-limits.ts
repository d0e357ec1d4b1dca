import crypto from 'node:crypto';
import { messages } from '@canvass/domain';
import type pg from 'pg';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../../platform/db/tenant';

/**
 * Limits on the doors that take a password or send mail: sign-in, sign-up, password recovery and reset, counted
 * per account and per address. The counters live in PostgreSQL (rate-limiter-flexible's store, in a schema of its
 * own outside the application's tables), so every API process shares them. Keys are hashed: the table holds no
 * email or address.
 */
export type GuardedAction = 'signIn' | 'signUp' | 'recovery' | 'reset';

/** Who is trying: the account named (email, or a reset link's id) and the client's address. */
export interface Attempt {
  account?: string;
  address: string;
}

interface Limit {
  by: 'account' | 'address' | 'accountAndAddress';
  points: number;
  minutes: number;
  /** Counted, but never shuts the door: what it sets off is decided elsewhere (slowedSignIn). */
  watchOnly?: true;
}

/**
 * `points` attempts per window of `minutes`; once spent, the door stays shut until the window ends. Sign-in counts
 * failures only, and shuts only what the guesser owns: 10 from one address shut that account there for 15 minutes
 * (its owner elsewhere is not touched), 100 from one address shut the address (spraying many accounts). 50 on one
 * account from anywhere in an hour (guessing spread over many addresses) put it under attack: never shut, since
 * anyone could then shut anyone out, but slowed (SLOWED). The other actions count every request.
 */
const LIMITS: Record<GuardedAction, Limit[]> = {
  signIn: [
    { by: 'accountAndAddress', points: 10, minutes: 15 },
    { by: 'address', points: 100, minutes: 60 },
    { by: 'account', points: 50, minutes: 60, watchOnly: true },
  ],
  signUp: [
    { by: 'account', points: 5, minutes: 60 },
    { by: 'address', points: 20, minutes: 60 },
  ],
  recovery: [
    { by: 'account', points: 5, minutes: 60 },
    { by: 'address', points: 20, minutes: 60 },
  ],
  reset: [
    { by: 'account', points: 10, minutes: 60 },
    { by: 'address', points: 30, minutes: 60 },
  ],
};

/**
 * On an account under attack, an address that has failed a sign-in (on any account) gets one try a minute; its
 * owner, from an address with no failures, goes straight in.
 */
const SLOWED: Limit = { by: 'accountAndAddress', points: 1, minutes: 1 };

const nameOf = (action: GuardedAction, limit: Limit) => `${action}:${limit.by}`;
const signInLimit = (by: Limit['by']) => LIMITS.signIn.find((l) => l.by === by)!;

const SCHEMA = 'canvass_private';
const TABLE = 'rate_limits';

export interface AttemptLimiter {
  /** The lockout message when a limit of the action is spent (until its window ends); null when the door is open. */
  blocked(action: GuardedAction, who: Attempt): Promise<string | null>;
  /**
   * For a sign-in that passed `blocked`: the lockout message when its account is under attack and this address has
   * failed before and already had its try this minute; null to go on (the try is taken).
   */
  slowedSignIn(who: Attempt): Promise<string | null>;
  /** Counts one attempt against every limit of the action (a sign-in's failure also against its account). */
  count(action: GuardedAction, who: Attempt): Promise<void>;
  /** A success forgets the account's failures from this address. */
  clear(action: GuardedAction, who: Attempt): Promise<void>;
}

const hash = (s: string) => crypto.createHash('sha256').update(s).digest('base64url').slice(0, 32);

function keyOf(limit: Limit, who: Attempt): string | null {
  const account = who.account?.trim().toLowerCase();
  if (limit.by !== 'address' && !account) return null;
  if (limit.by === 'account') return hash(`a:${account}`);
  if (limit.by === 'address') return hash(`i:${who.address}`);
  return hash(`ai:${account}|${who.address}`);
}

const tooMany = (ms: number) => messages.tooManyAttempts(Math.max(1, Math.ceil(ms / 60_000)));

async function createStore(pool: pg.Pool): Promise<Map<string, RateLimiterPostgres>> {
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
  } catch (err) {
    // Two processes starting together race on the schema; the loser finds it made.
    if ((err as { code?: string }).code !== '23505') throw err;
  }
  const make = (keyPrefix: string, limit: Limit, tableCreated: boolean) =>
    new Promise<RateLimiterPostgres>((resolve, reject) => {
      const limiter: RateLimiterPostgres = new RateLimiterPostgres(
        {
          storeClient: pool,
          storeType: 'pool',
          schemaName: SCHEMA,
          tableName: TABLE,
          tableCreated,
          keyPrefix,
          points: limit.points,
          duration: limit.minutes * 60,
        },
        // Called synchronously when the table exists already, before `limiter` is assigned.
        (err?: Error) => queueMicrotask(() => (err ? reject(err) : resolve(limiter))),
      );
    });
  const limiters = new Map<string, RateLimiterPostgres>();
  const counters: [string, Limit][] = [
    ...(Object.entries(LIMITS) as [GuardedAction, Limit[]][]).flatMap(([action, limits]) =>
      limits.map((limit): [string, Limit] => [nameOf(action, limit), limit]),
    ),
    ['signIn:slowed', SLOWED],
  ];
  // The first one creates the shared table.
  for (const [name, limit] of counters) limiters.set(name, await make(name, limit, limiters.size > 0));
  return limiters;
}

const stores = new WeakMap<Database, Promise<Map<string, RateLimiterPostgres>>>();

/** The limiter of a database; its store is made once per process. */
export function attemptLimiter(database: Database): AttemptLimiter {
  if (!stores.has(database)) stores.set(database, createStore(database.pool));
  const store = stores.get(database)!;
  const each = async (action: GuardedAction, who: Attempt) => {
    const limiters = await store;
    return LIMITS[action].flatMap((limit) => {
      const key = keyOf(limit, who);
      return key ? [{ limit, key, limiter: limiters.get(nameOf(action, limit))! }] : [];
    });
  };
  const spent = async (limit: Limit, who: Attempt) => {
    const key = keyOf(limit, who);
    const res = key ? await (await store).get(nameOf('signIn', limit))!.get(key) : null;
    return res?.consumedPoints ?? 0;
  };
  return {
    async blocked(action, who) {
      for (const { limit, key, limiter } of await each(action, who)) {
        if (limit.watchOnly) continue;
        const res = await limiter.get(key);
        if (res && res.consumedPoints >= limit.points) return tooMany(res.msBeforeNext);
      }
      return null;
    },
    async slowedSignIn(who) {
      const underAttack = signInLimit('account');
      if ((await spent(underAttack, who)) < underAttack.points) return null;
      if ((await spent(signInLimit('address'), who)) === 0) return null;
      const key = keyOf(SLOWED, who);
      if (!key) return null;
      return (await store)
        .get('signIn:slowed')!
        .consume(key)
        .then(
          () => null,
          (rejected: unknown) => {
            if (rejected instanceof Error) throw rejected;
            return tooMany((rejected as RateLimiterRes).msBeforeNext);
          },
        );
    },
    async count(action, who) {
      for (const { key, limiter } of await each(action, who)) {
        // Over the limit the store rejects with its counter (not an Error); the door is already shut by then.
        await limiter.consume(key).catch((rejected: unknown) => {
          if (rejected instanceof Error) throw rejected;
        });
      }
    },
    async clear(action, who) {
      for (const { limit, key, limiter } of await each(action, who)) {
        if (limit.by === 'accountAndAddress') await limiter.delete(key);
      }
    },
  };
}
