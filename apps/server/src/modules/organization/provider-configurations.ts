import { providerEnvKeys, Provider, type ProviderConfigurationRowInput } from '@canvass/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { providerConfigurations, providerConfigurationValues } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { mergeSettings, type SettingView, type StoredSetting } from '../../platform/secrets/key-values';

/**
 * The organization's provider configurations (spec §3): settings are write-only through the same machinery as a
 * brand's Custom configuration (platform/secrets). Here each setting is a row whose env_value holds the sealed
 * value; the GraphQL layer seals what a client sends before it reaches this file.
 */

export interface ProviderConfigurationView {
  id: number;
  name: string;
  provider: string;
  isActive: boolean;
  type: string;
  values: SettingView[];
}

/** A configuration row as it arrives here: its values already sealed (sealSettingInputs). */
export interface SealedConfigurationRow {
  id?: ProviderConfigurationRowInput['id'];
  _destroy?: boolean | null;
  name?: string | null;
  provider?: string | null;
  isActive?: boolean | null;
  values?: StoredSetting[] | null;
}

const stored = (rows: { envKey: string; envValue: string | null }[]): StoredSetting[] =>
  rows.map((r) => (r.envValue ? { envKey: r.envKey, isSet: true, ciphertext: r.envValue } : { envKey: r.envKey }));

export async function loadProviderConfigurations(tx: Tx, organizationId: number): Promise<ProviderConfigurationView[]> {
  const configs = await tx
    .select()
    .from(providerConfigurations)
    .where(eq(providerConfigurations.organizationId, organizationId))
    .orderBy(providerConfigurations.id);
  const values = await tx
    .select({
      configId: providerConfigurationValues.providerConfigurationId,
      envKey: providerConfigurationValues.envKey,
      envValue: providerConfigurationValues.envValue,
    })
    .from(providerConfigurationValues)
    .where(eq(providerConfigurationValues.organizationId, organizationId))
    .orderBy(providerConfigurationValues.id);
  return configs.map((c) => ({
    id: c.id,
    name: c.name,
    provider: c.provider,
    isActive: c.isActive,
    type: c.type,
    values: values.filter((v) => v.configId === c.id).map((v) => ({ envKey: v.envKey, isSet: v.envValue !== null })),
  }));
}

/** Replaces one configuration's settings with `next` (sealed values; unset ones stored without a value). */
async function writeValues(tx: Tx, organizationId: number, configId: number, next: StoredSetting[]): Promise<void> {
  const mine = and(
    eq(providerConfigurationValues.organizationId, organizationId),
    eq(providerConfigurationValues.providerConfigurationId, configId),
  );
  await tx.delete(providerConfigurationValues).where(mine);
  if (!next.length) return;
  await tx.insert(providerConfigurationValues).values(
    next.map((v) => ({
      organizationId,
      providerConfigurationId: configId,
      envKey: v.envKey,
      envValue: v.ciphertext ?? null,
    })),
  );
}

/**
 * Applies the configuration rows: _destroy deletes (its settings go with it), a row with an id changes that
 * configuration (a setting sent without a value keeps the stored one; another provider's settings are dropped),
 * a row without one is added.
 */
export async function saveProviderConfigurations(
  tx: Tx,
  organizationId: number,
  rows: readonly SealedConfigurationRow[] | null | undefined,
): Promise<void> {
  const mine = eq(providerConfigurations.organizationId, organizationId);
  for (const row of rows ?? []) {
    const id = row.id == null || row.id === '' ? null : Number(row.id);
    if (row._destroy) {
      if (id !== null) await tx.delete(providerConfigurations).where(and(mine, eq(providerConfigurations.id, id)));
      continue;
    }
    if (!Provider.is(row.provider)) continue; // refused by validation before
    const attrs = { name: String(row.name).trim(), provider: row.provider, isActive: row.isActive ?? true };
    let configId: number;
    let before: StoredSetting[] = [];
    if (id === null) {
      [{ id: configId }] = await tx
        .insert(providerConfigurations)
        .values({ ...attrs, organizationId })
        .returning({ id: providerConfigurations.id });
    } else {
      const [updated] = await tx
        .update(providerConfigurations)
        .set({ ...attrs, updatedAt: new Date() })
        .where(and(mine, eq(providerConfigurations.id, id)))
        .returning({ id: providerConfigurations.id });
      if (!updated) continue;
      configId = updated.id;
      before = stored(
        await tx
          .select({ envKey: providerConfigurationValues.envKey, envValue: providerConfigurationValues.envValue })
          .from(providerConfigurationValues)
          .where(
            and(
              eq(providerConfigurationValues.organizationId, organizationId),
              inArray(providerConfigurationValues.providerConfigurationId, [configId]),
            ),
          ),
      );
    }
    await writeValues(
      tx,
      organizationId,
      configId,
      mergeSettings(row.values ?? undefined, before, providerEnvKeys[row.provider]),
    );
  }
}
