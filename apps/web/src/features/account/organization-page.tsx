import { Card, Stack, Title } from '@mantine/core';
import { ListFiltersPanel } from '../../resources/list-filters';
import { useSession } from '../../app/session';
import { DetailList } from './detail-list';
import { usePageTitle } from '../../app/use-page-title';

/**
 * Settings menu → Organization: the current organization's overview and its list filters (spec §2's organization
 * list-filters tab, here until the organization screen has tabs).
 */
export function OrganizationPage() {
  usePageTitle('Organization');
  const { user, can } = useSession();
  if (!user) return null;
  const organization = user.currentOrganization;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" p="xl" maw={720}>
        <Stack>
          <Title order={2}>{organization.name}</Title>
          <DetailList
            rows={[
              { label: 'Name', value: organization.name },
              { label: 'Domain', value: organization.domain },
              { label: 'Time zone', value: organization.timeZone },
            ]}
          />
        </Stack>
      </Card>
      {/* Staff only: a user limited to some clients does not see the organization's own filters (policy.ts). */}
      {can('Update', 'ListFilter') && (
        <Card withBorder radius="md" p="xl">
          <ListFiltersPanel clientId={null} title="Organization list filters" />
        </Card>
      )}
    </Stack>
  );
}
