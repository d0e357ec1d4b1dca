import type { ResourceDef } from '@canvass/domain';
import type { SecretsCipher } from './cipher';

/**
 * Provider settings (a brand's Custom configuration; organization and platform configurations later) are
 * write-only: stored sealed, shown to the browser only as "set or not", replaced by sending a new value,
 * cleared by asking, kept by sending the key alone.
 */

/** One setting as stored in jsonb. Rows written before sealing hold `envValue` in plain text until resealed. */
export interface StoredSetting {
  envKey: string;
  isSet?: boolean;
  ciphertext?: string;
  envValue?: string | null;
}

/** One setting as an API client sends it: a new value, `clear`, or the key alone to keep what is stored. */
export interface SettingInput {
  envKey: string;
  envValue?: string | null;
  clear?: boolean | null;
}

/** What a browser may know of a setting. */
export interface SettingView {
  envKey: string;
  isSet: boolean;
}

const isBlank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

function storedRows(value: unknown): StoredSetting[] {
  return Array.isArray(value)
    ? value.filter((r): r is StoredSetting => typeof r === 'object' && r !== null && typeof r.envKey === 'string')
    : [];
}

export function isSettingSet(row: StoredSetting): boolean {
  if (row.ciphertext) return true;
  return !isBlank(row.envValue);
}

export function viewSettings(value: unknown): SettingView[] {
  return storedRows(value).map((r) => ({ envKey: r.envKey, isSet: isSettingSet(r) }));
}

/** Seals what the client sent; the plaintext goes no further than this function. */
export function sealSettingInputs(inputs: readonly SettingInput[], cipher: SecretsCipher): StoredSetting[] {
  return inputs.map(({ envKey, envValue, clear }) => {
    if (clear) return { envKey, isSet: false };
    if (envValue == null) return { envKey };
    if (isBlank(envValue)) return { envKey, isSet: false };
    return { envKey, isSet: true, ciphertext: cipher.seal(envValue.trim(), envKey) };
  });
}

/**
 * The rows to store: each sent row, a row sent without a value taking the stored one (unset when none), and only
 * keys in `allowedKeys` carried over from what is stored (another provider's settings are dropped).
 */
export function mergeSettings(
  sent: readonly StoredSetting[] | undefined,
  stored: unknown,
  allowedKeys: readonly string[],
): StoredSetting[] {
  const existing = storedRows(stored).filter((r) => allowedKeys.includes(r.envKey));
  if (!sent) return existing;
  const byKey = new Map(existing.map((r) => [r.envKey, r]));
  return sent.map((row) => {
    if (row.isSet !== undefined) return row;
    const kept = byKey.get(row.envKey);
    return kept ? { ...kept, isSet: isSettingSet(kept) } : { envKey: row.envKey, isSet: false };
  });
}

/** A stored row sealed under the current key (plain-text rows of older versions included), or null when it is. */
export function resealSetting(row: StoredSetting, cipher: SecretsCipher): StoredSetting | null {
  if (row.ciphertext) {
    if (cipher.isCurrent(row.ciphertext)) return null;
    return {
      envKey: row.envKey,
      isSet: true,
      ciphertext: cipher.seal(cipher.open(row.ciphertext, row.envKey), row.envKey),
    };
  }
  if (row.envValue === undefined) return null;
  return isBlank(row.envValue)
    ? { envKey: row.envKey, isSet: false }
    : { envKey: row.envKey, isSet: true, ciphertext: cipher.seal(row.envValue!.trim(), row.envKey) };
}

/** The attributes of a create or update with every keyValues field's new values sealed. */
export function sealKeyValueAttributes(
  def: ResourceDef,
  attrs: Record<string, unknown>,
  cipher: SecretsCipher,
): Record<string, unknown> {
  const out = { ...attrs };
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.kind === 'keyValues' && Array.isArray(attrs[name])) {
      out[name] = sealSettingInputs(attrs[name] as SettingInput[], cipher);
    }
  }
  return out;
}
