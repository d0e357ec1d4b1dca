import { Card, Stack, Title } from '@mantine/core';
import { useSession } from '../../app/session';
import { DetailList } from './detail-list';
import { usePageTitle } from '../../app/use-page-title';

/** Settings menu → Organization: the current organization's overview. */
export function OrganizationPage() {
  usePageTitle('Organization');
  const { user } = useSession();
  if (!user) return null;
  const organization = user.currentOrganization;
  return (
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
  );
}
