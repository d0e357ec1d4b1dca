import { organization, recordSelection, type RecordOf } from '@canvass/domain';
import type { FieldError } from '../../ui/types';

/** A price row of the organization (spec §3 Price) as the API serves it. */
export interface PriceView {
  id: string;
  price: number;
  isSent: boolean;
  campaignType: 'Registered' | 'Unregistered';
  messagingServiceType: 'SMS' | 'MMS';
  startAt: string;
}

/** A provider configuration: its settings say only whether each is set (write-only). */
export interface ProviderConfigurationView {
  id: string;
  name: string;
  provider: string;
  isActive: boolean;
  values: { envKey: string; isSet: boolean }[];
}

/** The organization as its screen reads it: the registry-shaped fields plus prices and provider configurations. */
export type OrganizationRecord = RecordOf<typeof organization> & {
  prices: PriceView[];
  providerConfigurations: ProviderConfigurationView[];
  can: { update: boolean; destroy: boolean; export: boolean; favorite: boolean };
};

const FULL =
  `${recordSelection(organization)} ` +
  'prices { id price isSent campaignType messagingServiceType startAt } ' +
  'providerConfigurations { id name provider isActive values { envKey isSet } }';

export const ORGANIZATION_QUERY = `query OrganizationScreen($id: ID!) { organization(id: $id) { ${FULL} } }`;

/** The sections that are not the generic form's (prices, provider configurations) save through this. */
export const UPDATE_ORGANIZATION_SETTINGS = `mutation UpdateOrganizationSettings($id: ID!, $attributes: OrganizationAttributes!) {
  updateOrganization(id: $id, attributes: $attributes) { organization { ${FULL} } errors { field messages } message }
}`;

export interface UpdateOrganizationResult {
  updateOrganization: { organization: OrganizationRecord | null; errors: FieldError[]; message: string | null } | null;
}
