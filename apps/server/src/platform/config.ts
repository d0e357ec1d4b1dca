import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths';

const list = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean),
);

const secretsKey = z
  .string()
  .refine((s) => Buffer.from(s.trim(), 'base64').length === 32, '32 bytes in base64 (openssl rand -base64 32)')
  .optional();

const providerBaseUrls = z.record(z.string(), z.string().url());

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().default(3000),
  // Loopback unless told: the quick start (no NODE_ENV, the development outbox on) must not face the network.
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(5488),
  JWT_SECRET: z.string().min(32).optional(),
  SECRETS_KEY: secretsKey,
  SECRETS_KEY_PREVIOUS: secretsKey,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().default(900),
  SESSION_TIMEOUT_MINUTES: z.coerce.number().int().default(1440),
  // A rotated refresh token presented again this soon is taken as another tab of the same browser racing the
  // rotation (it gets an access token, not a new cookie); any later reuse revokes the whole session.
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),
  // How often a live subscription re-checks its viewer besides the events that announce a change (a backstop).
  SESSION_RECHECK_SECONDS: z.coerce.number().int().positive().default(60),
  // Admins are these emails (spec §6); by default the demo organization's admin, so a first start has one.
  ADMIN_EMAILS: z.string().default('admin@demo.canvass.test').pipe(list),
  // Spec §6: Blast and Project Live actions are limited to one specific staff account; by default the demo's admin.
  STAFF_ACCOUNT_EMAIL: z
    .string()
    .default('admin@demo.canvass.test')
    .transform((s) => s.trim().toLowerCase()),
  ADMIN_LOGIN_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Canvass <no-reply@canvass.local>'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_LABEL: z.string().default('Sign in with your identity provider'),
  // Google authorization (lists read from Google Sheets): an OAuth client of type "Web application" whose
  // redirect URI is PUBLIC_URL/auth/google/callback. Without GOOGLE_CLIENT_ID the connect action is off.
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  // Google's endpoints; overridden only to point at a local stand-in (tests, development).
  GOOGLE_OAUTH_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_SHEETS_ROOT_URL: z.string().url().default('https://sheets.googleapis.com/'),
  SIGN_UP_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // Origins besides PUBLIC_URL's that may call the API from a browser with credentials (comma list).
  CORS_ORIGINS: z.string().default(''),
  // Off in production unless turned on; always on elsewhere (GraphiQL needs it).
  GRAPHQL_INTROSPECTION: z.enum(['true', 'false']).optional(),
  // Which proxies' X-Forwarded-For to believe: true, or addresses/ranges (proxy-addr names allowed). The default
  // believes none: any client on a private network could otherwise pick the address that rate limits count.
  TRUST_PROXY: z.string().default('false'),
  WORKER_CONCURRENCY: z.coerce.number().int().default(4),
  // Live updates fan out through Redis pub/sub when set (redis://…); otherwise through PostgreSQL LISTEN/NOTIFY.
  REDIS_URL: z.string().url().optional(),
  // The largest file POST /api/uploads accepts (bytes); uploads stream to storage, so this bounds disk, not memory.
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
  // The largest project media POST /api/projects/:id/media accepts (bytes): what MMS carriers deliver reliably.
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  // Where a messaging provider's API is, when not its public one: JSON such as {"Twilio":"http://127.0.0.1:4010"},
  // to point a provider at a local mock (tests, benchmarks) or a sandbox.
  PROVIDER_BASE_URLS: z.string().default('{}'),
  // Dispatch. A text claimed this long ago with no outcome recorded is reconciled (its worker is presumed dead).
  SEND_CLAIM_GRACE_SECONDS: z.coerce.number().int().positive().default(120),
  // A retryable provider error waits this long before the first retry, doubling each time up to
  // SEND_RETRY_MAX_DELAY_MS. A project's texts retry until the project ends or is paused (a provider outage of hours
  // loses nothing); a text outside a project is Failed after SEND_MAX_ATTEMPTS.
  SEND_RETRY_BASE_MS: z.coerce.number().int().positive().default(2000),
  SEND_RETRY_MAX_DELAY_MS: z.coerce.number().int().positive().default(300_000),
  SEND_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
  // Segments per second one sender number may send, across every worker (0: only the brand's throughput shapes).
  SEND_NUMBER_THROUGHPUT: z.coerce.number().int().nonnegative().default(0),
  // Segments per second one number of an Unregistered campaign (or of none) may send: carriers filter unregistered
  // traffic that goes faster (0: shaped only as a registered number is).
  SEND_UNREGISTERED_THROUGHPUT: z.coerce.number().int().nonnegative().default(1),
  // Texts one worker claims at once, and sends it keeps in flight to providers.
  SEND_BATCH_SIZE: z.coerce.number().int().positive().default(1000),
  SEND_CONCURRENCY: z.coerce.number().int().positive().default(256),
  // Quiet hours at dispatch (issue 15). 'off' is for test runs that send on the wall clock at any hour (the test
  // harness, e2e): production keeps it on, and a production server refuses 'off'.
  SEND_QUIET_HOURS: z.enum(['on', 'off']).default('on'),
  // Processed provider webhook events are kept this many days (for audit and reprocessing), then deleted daily.
  WEBHOOK_EVENT_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  LOG_LEVEL: z.string().default('info'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type Config = z.infer<typeof schema> & {
  publicUrl: string;
  webDist: string;
  filesDir: string;
  corsOrigins: string[];
  graphqlIntrospection: boolean;
  trustProxy: boolean | string[];
  providerBaseUrls: Readonly<Record<string, string>>;
};

/** Reads the environment once; every setting of Canvass is named here and documented in the README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const c = schema.parse(env);
  if (c.NODE_ENV === 'production' && c.SEND_QUIET_HOURS === 'off')
    throw new Error('SEND_QUIET_HOURS=off is for test runs only: production never sends outside quiet hours');
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  return {
    ...c,
    publicUrl,
    corsOrigins: [publicUrl, ...c.CORS_ORIGINS.split(',')]
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => new URL(s).origin),
    trustProxy:
      c.TRUST_PROXY === 'true'
        ? true
        : c.TRUST_PROXY === 'false'
          ? false
          : c.TRUST_PROXY.split(',').map((s) => s.trim()),
    graphqlIntrospection: c.GRAPHQL_INTROSPECTION ? c.GRAPHQL_INTROSPECTION === 'true' : c.NODE_ENV !== 'production',
    providerBaseUrls: providerBaseUrls.parse(JSON.parse(c.PROVIDER_BASE_URLS)),
    webDist: path.join(repoRoot, 'apps/web/dist'),
    filesDir: path.join(c.DATA_DIR, 'files'),
  };
}
