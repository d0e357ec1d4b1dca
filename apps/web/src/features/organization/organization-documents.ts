import { organization, recordSelection, type QuietHours, type RecordOf } from '@canvass/domain';
import type { FieldError } from '../../ui/types';

/** A provider configuration: its settings say only whether each is set (write-only). */
export interface ProviderConfigurationView {
  id: string;
  name: string;
  provider: string;
  isActive: boolean;
  values: { envKey: string; isSet: boolean }[];
}

/** The organization as its screen reads it: the registry-shaped fields plus provider configurations (prices: PricesSection). */
export type OrganizationRecord = RecordOf<typeof organization> & {
  providerConfigurations: ProviderConfigurationView[];
  /** Null only for another organization (the API shows none). */
  quietHours: QuietHours | null;
  can: { update: boolean; destroy: boolean; export: boolean; favorite: boolean };
};

const FULL =
  `${recordSelection(organization)} ` +
  'providerConfigurations { id name provider isActive values { envKey isSet } } ' +
  'quietHours { start end states { state days start end } }';

export const ORGANIZATION_QUERY = `query OrganizationScreen($id: ID!) { organization(id: $id) { ${FULL} } }`;

/** The sections that are not the generic form's (provider configurations) save through this. */
export const UPDATE_ORGANIZATION_SETTINGS = `mutation UpdateOrganizationSettings($id: ID!, $attributes: OrganizationAttributes!) {
  updateOrganization(id: $id, attributes: $attributes) { organization { ${FULL} } errors { field messages } message }
}`;

export interface UpdateOrganizationResult {
  updateOrganization: { organization: OrganizationRecord | null; errors: FieldError[]; message: string | null } | null;
}
