import { sql } from 'drizzle-orm';
import { withSystem, type Database } from '../db/tenant';
import type { SecretsCipher } from './cipher';
import { resealSetting, type StoredSetting } from './key-values';

/**
 * Seals under the current key every provider setting that is not: values sealed under SECRETS_KEY_PREVIOUS after
 * a rotation, and plain-text values written before settings were sealed. Runs at start, so a rotation completes
 * when the new key is deployed; idempotent, so several processes starting together do no harm.
 */
export async function resealProviderSettings(
  database: Database,
  cipher: SecretsCipher,
): Promise<{ changed: number; unreadable: number[] }> {
  return withSystem(database, 'reseal-provider-settings', async (tx) => {
    // No FOR UPDATE (Citus refuses it across shards): each write below is routed to its brand's organization and
    // applies only if the settings are still the ones read, so a save or another starting process in between wins.
    const { rows } = await tx.execute<{ organizationId: number; id: number; values: StoredSetting[] }>(
      sql`SELECT organization_id AS "organizationId", id, provider_configuration_values AS values FROM brands
          WHERE provider_configuration_values <> '[]'::jsonb`,
    );
    let changed = 0;
    const unreadable: number[] = [];
    for (const row of rows) {
      let resealed: (StoredSetting | null)[];
      try {
        resealed = row.values.map((v) => resealSetting(v, cipher));
      } catch {
        // Sealed under a key no longer in the ring: left as it is (reported), so one bad row does not stop a start.
        unreadable.push(row.id);
        continue;
      }
      if (resealed.every((v) => v === null)) continue;
      const next = row.values.map((v, i) => resealed[i] ?? v);
      const updated = await tx.execute(
        sql`UPDATE brands SET provider_configuration_values = ${JSON.stringify(next)}::jsonb
            WHERE organization_id = ${row.organizationId} AND id = ${row.id}
              AND provider_configuration_values = ${JSON.stringify(row.values)}::jsonb`,
      );
      changed += updated.rowCount ?? 0;
    }
    return { changed, unreadable };
  });
}

/**
 * The same for the organizations' provider configurations, whose settings are rows (env_value holds the sealed
 * value): each row not sealed under the current key is sealed again, if it is still the value read.
 */
export async function resealConfigurationValues(
  database: Database,
  cipher: SecretsCipher,
): Promise<{ changed: number; unreadable: number[] }> {
  return withSystem(database, 'reseal-configuration-values', async (tx) => {
    const { rows } = await tx.execute<{ organizationId: number; id: number; envKey: string; envValue: string }>(
      sql`SELECT organization_id AS "organizationId", id, env_key AS "envKey", env_value AS "envValue"
            FROM provider_configuration_values WHERE env_value IS NOT NULL`,
    );
    let changed = 0;
    const unreadable: number[] = [];
    for (const row of rows) {
      let resealed: StoredSetting | null;
      try {
        resealed = resealSetting({ envKey: row.envKey, ciphertext: row.envValue }, cipher);
      } catch {
        unreadable.push(row.id);
        continue;
      }
      if (!resealed?.ciphertext) continue;
      const updated = await tx.execute(
        sql`UPDATE provider_configuration_values SET env_value = ${resealed.ciphertext}
            WHERE organization_id = ${row.organizationId} AND id = ${row.id} AND env_value = ${row.envValue}`,
      );
      changed += updated.rowCount ?? 0;
    }
    return { changed, unreadable };
  });
}
