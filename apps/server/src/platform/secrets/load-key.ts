import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { systemSettings } from '../db/schema/index';
import { withSystem, type Database } from '../db/tenant';
import { createSecretsCipher, parseSecretsKey, type SecretsCipher } from './cipher';

const SETTING = 'secrets_key';

/**
 * The keyring that seals provider credentials. SECRETS_KEY when set; otherwise a key generated on first start and
 * kept in the database (as the signing secret is), so every process of an installation shares it. A generated
 * key stays in the ring for opening after SECRETS_KEY is set, so moving to a configured key loses nothing;
 * SECRETS_KEY_PREVIOUS opens values sealed before a rotation until they are sealed again.
 */
export async function loadSecretsCipher(
  database: Database,
  configured?: string,
  previous?: string,
): Promise<SecretsCipher> {
  const stored = await withSystem(database, 'secrets-key', async (tx) => {
    if (!configured) {
      await tx
        .insert(systemSettings)
        .values({ key: SETTING, value: crypto.randomBytes(32).toString('base64') })
        .onConflictDoNothing();
    }
    const rows = await tx.execute<{ value: string }>(sql`SELECT value FROM system_settings WHERE key = ${SETTING}`);
    return rows.rows[0]?.value;
  });
  const keys = [configured, previous, stored].flatMap((text) => {
    const key = text ? parseSecretsKey(text) : null;
    return key ? [key] : [];
  });
  if (keys.length === 0) throw new Error('No usable secrets key');
  return createSecretsCipher(keys[0], keys.slice(1));
}
