import { keywordSettingErrors, type FieldErrors, type KeywordSettings } from '@canvass/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { organizations } from '../../platform/db/schema/index';

/** The organization's opt-out keyword settings as the screens read them: nothing set means none, and plain on. */
export interface OptOutKeywordSettings {
  optOutKeywords: string[];
  plainLanguageOptOuts: boolean;
}

export async function loadKeywordSettings(tx: Tx, organizationId: number): Promise<OptOutKeywordSettings> {
  const [org] = await tx
    .select({ settings: organizations.settings })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const settings = (org?.settings ?? {}) as KeywordSettings;
  return {
    optOutKeywords: [...(settings.optOutKeywords ?? [])],
    plainLanguageOptOuts: settings.plainLanguageOptOuts !== false,
  };
}

/**
 * Saves the keyword settings into organizations.settings (its other keys kept), trimmed, or refuses them with field
 * errors and changes nothing. The caller has checked the viewer is an organization admin.
 */
export async function saveKeywordSettings(
  tx: Tx,
  organizationId: number,
  input: OptOutKeywordSettings,
): Promise<{ settings: OptOutKeywordSettings | null; errors: FieldErrors }> {
  const keywords = input.optOutKeywords.map((k) => k.trim());
  const errors = keywordSettingErrors(keywords);
  if (Object.keys(errors).length) return { settings: null, errors };
  const patch = JSON.stringify({ optOutKeywords: keywords, plainLanguageOptOuts: input.plainLanguageOptOuts });
  await tx
    .update(organizations)
    .set({ settings: sql`${organizations.settings} || ${patch}::jsonb`, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId));
  return { settings: await loadKeywordSettings(tx, organizationId), errors: {} };
}
