import { Select } from '@mantine/core';
import { organization, usTimeZones } from '@canvass/domain';
import { lazyNamed } from '../../ui/lazy-component';
import { useSession } from '../../session/session';
import type { FieldInputs } from '../../ui/resource-form';
import type { ResourceTab } from '../../ui/screen';
import type { OrganizationRecord } from './organization-documents';

const DoNotContactPanel = lazyNamed(() => import('../do-not-contact/do-not-contact-panel'), 'DoNotContactPanel');
const OptOutKeywordsSection = lazyNamed(
  () => import('../opt-out-keywords/opt-out-keywords-section'),
  'OptOutKeywordsSection',
);
const ResourceForm = lazyNamed(() => import('../../ui/resource-form'), 'ResourceForm');
const ListFiltersPanel = lazyNamed(() => import('../../resources/list-filters/list-filters'), 'ListFiltersPanel');
const PricesSection = lazyNamed(() => import('../prices/prices-section'), 'PricesSection');
const ProviderConfigurationsSection = lazyNamed(
  () => import('./provider-configurations-section'),
  'ProviderConfigurationsSection',
);

const QuietHoursSection = lazyNamed(() => import('./quiet-hours-section'), 'QuietHoursSection');

type Section = ResourceTab<OrganizationRecord>;

const TIME_ZONES = usTimeZones.map((z) => ({ value: z.name, label: z.label }));

/** The time zone is one of the zones the product schedules in, chosen rather than typed. */
const inputs: FieldInputs = {
  timeZone: ({ field, value, onChange, errors, disabled, name }) => (
    <Select
      label={field.label}
      withAsterisk
      data={TIME_ZONES}
      value={typeof value === 'string' && value ? value : null}
      onChange={(v) => onChange(v)}
      error={errors[name]}
      disabled={disabled}
      allowDeselect={false}
    />
  ),
};

/** A section of the organization's registry-shaped fields, in the generic form. */
function FormSection({ record, path }: { record: OrganizationRecord; path: string }) {
  const { refresh } = useSession();
  return (
    <ResourceForm
      def={organization}
      record={record}
      mode="update"
      sections={[path]}
      inputs={inputs}
      // The settings menu shows the organization's name: it follows a rename.
      onSaved={() => void refresh()}
    />
  );
}

const formSection = (title: string, path: string): Section => ({
  path,
  label: title,
  render: ({ record }) => <FormSection record={record} path={path} />,
});

/**
 * The organization's edit sections (spec §2), in the spec's order, under /organization/edit/{section}. Every one
 * saves through updateOrganization, but Prices (updatePrices, the one path of the three price levels).
 */
export const organizationSections: readonly Section[] = [
  formSection('General', 'general'),
  formSection('Text Defaults', 'text-defaults'),
  formSection('Domains', 'domains'),
  {
    path: 'list-filters',
    label: 'List Filters',
    render: () => <ListFiltersPanel clientId={null} title="Organization list filters" />,
  },
  formSection('Providers Colors', 'providers-colors'),
  {
    path: 'prices',
    label: 'Prices',
    render: ({ record }) => <PricesSection scope="organization" canUpdate={record.can.update} />,
  },
  { path: 'do-not-contact', label: 'Do Not Contact', render: () => <DoNotContactPanel /> },
  {
    path: 'quiet-hours',
    label: 'Quiet Hours',
    render: ({ record }) => <QuietHoursSection record={record} />,
  },
  {
    path: 'opt-out-keywords',
    label: 'Opt-out Keywords',
    render: ({ record }) => <OptOutKeywordsSection canUpdate={record.can.update} />,
  },
  {
    path: 'provider-configurations',
    label: 'Provider Configurations',
    render: ({ record }) => <ProviderConfigurationsSection record={record} />,
  },
];
