import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { organization, usTimeZones } from '@canvass/domain';
import { IconPencil } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { useSession, type Organization } from '../../session/session';
import { usePageTitle } from '../../ui/use-page-title';
import { errorText } from '../../ui/notify';
import { ResourceTabs } from '../../ui/resource-tabs';
import type { ResourceTab } from '../../ui/screen';
import { DetailList } from '../account/detail-list';
import { ORGANIZATION_QUERY, type OrganizationRecord } from './organization-documents';
import { organizationSections } from './organization-sections';
import { organizationTabs } from './organization-tabs';

const BASE = '/organization';
const CONTEXT = { additionalTypenames: ['Organization'] };
const zoneLabel = (name: string) => usTimeZones.find((z) => z.name === name)?.label ?? name;

/**
 * Settings menu → Organization (spec §2 organization row): /organization/{tab} and /organization/edit/{section},
 * the viewer's current organization. A member who may not view the organization's settings sees its name only.
 */
export function OrganizationPage() {
  usePageTitle('Organization');
  const { user, can } = useSession();
  const path = useParams()['*'] ?? '';
  if (!user) return null;
  if (!can('View', 'Organization')) return <SummaryCard organization={user.currentOrganization} />;
  return <OrganizationScreen id={user.currentOrganization.id} path={path} />;
}

function SummaryCard({ organization: o }: { organization: Organization }) {
  return (
    <Card withBorder radius="md" p="xl" maw={720}>
      <Stack>
        <Title order={2}>{o.name}</Title>
        <DetailList
          rows={[
            { label: 'Name', value: o.name },
            { label: 'Domain', value: o.domain },
            { label: 'Time zone', value: zoneLabel(o.timeZone) },
          ]}
        />
      </Stack>
    </Card>
  );
}

function OrganizationScreen({ id, path }: { id: string; path: string }) {
  const [result] = useQuery<{ organization: OrganizationRecord | null }>({
    query: ORGANIZATION_QUERY,
    variables: { id },
    context: CONTEXT,
  });
  const [first = '', second] = path.split('/');
  const editing = first === 'edit';
  const tabs = organizationTabs as readonly ResourceTab[];
  const sections = organizationSections as readonly ResourceTab[];
  const current = useMemo(
    () => (editing ? sections.find((s) => s.path === second) : tabs.find((t) => t.path === first)),
    [editing, first, second, sections, tabs],
  );

  if (result.error)
    return (
      <Alert color="red" title="Failed">
        {errorText(result.error)}
      </Alert>
    );
  const record = result.data?.organization;
  if (!result.data) return <Loader />;
  if (!record) return <Navigate to="/dashboard" replace />;
  if (!current) return <Navigate to={`${BASE}/${editing ? 'edit/general' : 'overview'}`} replace />;
  // Only an organization admin may change it (spec §6): the others do not get the sections at all.
  if (editing && !record.can.update) return <Navigate to={`${BASE}/overview`} replace />;

  const content = current.render({ def: organization, record });
  return (
    <Stack gap="md">
      <Card withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2}>{record.name}</Title>
            <Text c="dimmed" size="sm">
              {record.domain} · {zoneLabel(record.timeZone)}
            </Text>
          </div>
          {record.can.update && !editing && (
            <Button component={Link} to={`${BASE}/edit/general`} variant="light" leftSection={<IconPencil size={16} />}>
              Edit
            </Button>
          )}
        </Group>
      </Card>
      <ResourceTabs basePath={BASE} tabs={tabs} active={editing ? null : first}>
        {editing ? (
          <ResourceTabs basePath={`${BASE}/edit`} tabs={sections} active={second ?? null}>
            {content}
          </ResourceTabs>
        ) : (
          content
        )}
      </ResourceTabs>
    </Stack>
  );
}
