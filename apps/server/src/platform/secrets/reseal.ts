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
    const { rows } = await tx.execute<{ id: number; values: StoredSetting[] }>(
      sql`SELECT id, provider_configuration_values AS values FROM brands
          WHERE provider_configuration_values <> '[]'::jsonb FOR UPDATE`,
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
      await tx.execute(
        sql`UPDATE brands SET provider_configuration_values = ${JSON.stringify(next)}::jsonb WHERE id = ${row.id}`,
      );
      changed += 1;
    }
    return { changed, unreadable };
  });
}
