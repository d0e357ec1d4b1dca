import {
  organization,
  organizationMessages,
  validateOrganization,
  type FieldErrors,
  type OrganizationAttributes,
} from '@canvass/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { isOrganizationAdmin } from '../../platform/auth/organization-admin';
import type { Viewer } from '../../platform/auth/viewer';
import { organizations } from '../../platform/db/schema/index';
import { withSystemPeek, type Tx } from '../../platform/db/tenant';
import { constraintErrors } from '../../platform/resources/constraint-errors';
import { loadPrices } from '../prices/load-prices';
import type { PriceScope } from '../prices/price-scope';
import { priceProblems, savePrices } from '../prices/save-prices';
import {
  domainsElsewhere,
  duplicateRowError,
  loadRows,
  saveRows,
  storedDuplicates,
  type RowsName,
} from './organization-rows';
import { saveProviderConfigurations, type SealedConfigurationRow } from './provider-configurations';

export type OrganizationRow = typeof organizations.$inferSelect;

/** The update's attributes once the GraphQL layer has sealed the provider settings. */
export type SealedOrganizationAttributes = Omit<OrganizationAttributes, 'providerConfigurations'> & {
  providerConfigurations?: SealedConfigurationRow[] | null;
};

const ROWS: readonly RowsName[] = ['textDefaults', 'customDomains', 'providerColors'];

/** The viewer's organization, or null for any other id (a member of two sees each only after switching). */
export async function findOrganization(tx: Tx, viewer: Viewer, id: number): Promise<OrganizationRow | null> {
  if (id !== viewer.organizationId) return null;
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, viewer.organizationId));
  return row ?? null;
}

export const loadOrganizationRows = (tx: Tx, organizationId: number, name: RowsName) =>
  loadRows(tx, organizationId, name);

/** The organization's own prices: rows with neither client nor project (spec §3 Price), through the prices path. */
const ORGANIZATION_PRICES: PriceScope = { level: 'Organization' };
export const loadOrganizationPrices = (tx: Tx, organizationId: number) =>
  loadPrices(tx, organizationId, ORGANIZATION_PRICES);

/** The organization domain is unique across the platform (the organizations table is shared by every node). */
async function domainTaken(tx: Tx, organizationId: number, domain: string): Promise<boolean> {
  const [hit] = await withSystemPeek(tx, 'organization domain unique', (peek) =>
    peek
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(ne(organizations.id, organizationId), sql`lower(${organizations.domain}) = lower(${domain.trim()})`))
      .limit(1),
  );
  return hit !== undefined;
}

async function databaseChecks(tx: Tx, orgId: number, attrs: SealedOrganizationAttributes): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (typeof attrs.domain === 'string' && (await domainTaken(tx, orgId, attrs.domain)))
    errors.domain = [`${organization.fields.domain.label} has already been taken`];
  for (const name of ROWS) if (attrs[name]) Object.assign(errors, await storedDuplicates(tx, orgId, name, attrs[name]));
  if (attrs.customDomains) Object.assign(errors, await domainsElsewhere(tx, orgId, attrs.customDomains));
  if (attrs.prices) Object.assign(errors, await priceProblems(tx, orgId, ORGANIZATION_PRICES, attrs.prices));
  return errors;
}

/**
 * Saves the organization and its nested rows (spec §7: text defaults, domains, provider colours, prices, provider
 * configurations, each with _destroy) in one savepoint: every row is created, updated or destroyed, or, on any
 * error, none is, and the errors come back keyed by field (`textDefaults.0.value`).
 */
export async function updateOrganization(
  tx: Tx,
  viewer: Viewer,
  id: number,
  attrs: SealedOrganizationAttributes,
): Promise<{ row: OrganizationRow | null; errors: FieldErrors }> {
  const existing = await findOrganization(tx, viewer, id);
  if (!existing) return { row: null, errors: { base: ['Not found'] } };
  if (!isOrganizationAdmin(viewer)) return { row: null, errors: { base: [organizationMessages.onlyAdmins] } };
  const orgId = viewer.organizationId;
  const errors = validateOrganization(attrs as OrganizationAttributes);
  if (Object.keys(errors).length === 0) Object.assign(errors, await databaseChecks(tx, orgId, attrs));
  if (Object.keys(errors).length > 0) return { row: null, errors };
  try {
    await tx.transaction(async (sp) => {
      const own: Partial<OrganizationRow> = {};
      for (const k of ['name', 'domain', 'timeZone'] as const)
        if (typeof attrs[k] === 'string') own[k] = attrs[k].trim();
      if (Object.keys(own).length)
        await sp
          .update(organizations)
          .set({ ...own, updatedAt: new Date() })
          .where(eq(organizations.id, orgId));
      for (const name of ROWS) await saveRows(sp, orgId, name, attrs[name]);
      if (attrs.prices) await savePrices(sp, orgId, ORGANIZATION_PRICES, attrs.prices);
      if (attrs.providerConfigurations) await saveProviderConfigurations(sp, orgId, attrs.providerConfigurations);
      // Quiet hours live in settings (jsonb) beside other settings: only their key is replaced.
      if (attrs.quietHours)
        await sp.execute(sql`
          UPDATE organizations SET settings = settings || ${JSON.stringify({ quietHours: attrs.quietHours })}::jsonb,
                 updated_at = now()
           WHERE id = ${orgId}`);
    });
  } catch (err) {
    // A race past the checks (two admins adding the same key at once) still gets a clear message.
    const mapped = duplicateRowError(err) ?? constraintErrors(err, organization);
    if (mapped) return { row: null, errors: mapped };
    throw err;
  }
  return { row: await findOrganization(tx, viewer, id), errors: {} };
}
