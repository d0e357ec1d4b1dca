import { Anchor, ColorSwatch, Group, Stack, Table, Text } from '@mantine/core';
import { campaign, collection, Provider, phone, team, textDefault, usTimeZones } from '@canvass/domain';
import { Link } from 'react-router';
import { lazyNamed } from '../../ui/lazy-component';
import { BuyPhonesButton } from '../../resources/phones/buy-phones-button';
import { DetailList } from '../account/detail-list';
import { laterTab, type ResourceTab } from '../../ui/screen';
import type { OrganizationRecord } from './organization-documents';

const ResourceIndex = lazyNamed(() => import('../../ui/resource-index'), 'ResourceIndex');
const UsersIndex = lazyNamed(() => import('../../resources/users/users'), 'UsersIndex');
const DoNotContactPanel = lazyNamed(() => import('../do-not-contact/do-not-contact-panel'), 'DoNotContactPanel');
const ListFiltersPanel = lazyNamed(() => import('../../resources/list-filters/list-filters'), 'ListFiltersPanel');

type Tab = ResourceTab<OrganizationRecord>;

const timeZoneLabel = (name: string) => usTimeZones.find((z) => z.name === name)?.label ?? name;

function Overview({ record }: { record: OrganizationRecord }) {
  return (
    <DetailList
      rows={[
        { label: 'Name', value: record.name },
        { label: 'Domain', value: record.domain },
        { label: 'Time zone', value: timeZoneLabel(record.timeZone) },
        { label: 'Text defaults', value: record.textDefaults.length },
        { label: 'Domains', value: record.customDomains.length },
        { label: 'Provider configurations', value: record.providerConfigurations.length },
      ]}
    />
  );
}

/** A short read-only list of the record's rows, with the way to change them when there are none. */
function RowsOrHint({ empty, editPath, children }: { empty: boolean; editPath: string; children: React.ReactNode }) {
  if (!empty) return <>{children}</>;
  return (
    <Text c="dimmed" size="sm">
      None yet.{' '}
      <Anchor component={Link} to={`/organization/edit/${editPath}`}>
        Add them in the organization&apos;s settings
      </Anchor>
      .
    </Text>
  );
}

function DomainsTab({ record }: { record: OrganizationRecord }) {
  return (
    <RowsOrHint empty={record.customDomains.length === 0} editPath="domains">
      <Table aria-label="Domains" maw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Domain</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {record.customDomains.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{d.domain}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text c="dimmed" size="xs" mt="xs">
        Short links and clients&apos; legal pages will be served on these domains.
      </Text>
    </RowsOrHint>
  );
}

function ProviderColorsTab({ record }: { record: OrganizationRecord }) {
  return (
    <RowsOrHint empty={record.providerColors.length === 0} editPath="providers-colors">
      <Stack gap="xs" aria-label="Provider colours">
        {record.providerColors.map((c) => (
          <Group key={c.id} gap="sm">
            <ColorSwatch color={c.color} size={20} />
            <Text size="sm">
              {Provider.label(c.provider)}{' '}
              <Text span c="dimmed">
                {c.color}
              </Text>
            </Text>
          </Group>
        ))}
      </Stack>
    </RowsOrHint>
  );
}

/**
 * The organization's tabs (spec §2 organization row), in the spec's order. Lists of other resources reuse their
 * index; tabs of capabilities still to come say so.
 */
export const organizationTabs: readonly Tab[] = [
  { path: 'overview', label: 'Overview', render: ({ record }) => <Overview record={record} /> },
  {
    path: 'purchased_numbers',
    label: 'Purchased Numbers',
    render: () => (
      <ResourceIndex
        def={phone}
        title="Purchased Numbers"
        filters={[{ field: 'phoneType', operation: 'Equal', value: 'FromPhone' }]}
        addState={{ phoneType: 'FromPhone' }}
        actions={<BuyPhonesButton />}
      />
    ),
  },
  { path: 'text_defaults', label: 'Text Defaults', render: () => <ResourceIndex def={textDefault} /> },
  { path: 'domains', label: 'Domains', render: ({ record }) => <DomainsTab record={record} /> },
  {
    path: 'unregistered-campaigns',
    label: 'Unregistered Campaigns',
    render: () => (
      <ResourceIndex
        def={campaign}
        title="Unregistered Campaigns"
        filters={[{ field: 'campaignType', operation: 'Equal', value: 'Unregistered' }]}
        addState={{ campaignType: 'Unregistered' }}
      />
    ),
  },
  {
    path: 'list-filters',
    label: 'List Filters',
    render: () => <ListFiltersPanel clientId={null} title="Organization list filters" />,
  },
  { path: 'users', label: 'Users', render: () => <UsersIndex /> },
  { path: 'teams', label: 'Teams', render: () => <ResourceIndex def={team} /> },
  laterTab('audit-report', 'Audit Report', 'The audit report will appear here once reports are available'),
  laterTab('billing-report', 'Billing Report', 'The billing report will appear here once reports are available'),
  { path: 'provider-colors', label: 'Provider Colors', render: ({ record }) => <ProviderColorsTab record={record} /> },
  { path: 'collections', label: 'Collections', render: () => <ResourceIndex def={collection} /> },
  laterTab('balance', 'Balance', "The organization's balance will appear here once billing is available"),
  { path: 'do-not-contact', label: 'Do Not Contact', render: () => <DoNotContactPanel /> },
  laterTab(
    'organization-providers',
    'Organization Providers',
    'The providers the organization sends through will appear here once sending through providers is available',
  ),
];
