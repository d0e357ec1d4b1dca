import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../session/session';
import { usePageTitle } from '../../ui/use-page-title';
import { resourceIcon } from '../../resources/icons';

/**
 * The registry resources the welcome card links to (those with dashboardLink), in registry order. Written out so the
 * registry's definitions stay off the first screen; shell/menu-links.test.ts holds them to the registry.
 */
export const quickLinks = [
  { label: 'Clients', to: '/clients', resource: 'Client', icon: resourceIcon('client') },
  { label: 'Brands', to: '/brands', resource: 'Brand', icon: resourceIcon('brand') },
  { label: 'Campaigns', to: '/campaigns', resource: 'Campaign', icon: resourceIcon('campaign') },
];

/**
 * Spec §2: the dashboard shows the first dashboard report, or a welcome card when none exists.
 * No dashboard reports exist yet, so this is always the welcome card.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user, can } = useSession();
  if (!user) return null;
  const links = quickLinks.filter((link) => can('View', link.resource));

  return (
    <Card withBorder radius="md" p="xl" maw={720}>
      <Stack>
        <Title order={2}>Welcome, {user.name}</Title>
        <Text c="dimmed">
          You are working in <b>{user.currentOrganization.name}</b>.
        </Text>
        {links.length > 0 && (
          <>
            <Text>Jump straight to:</Text>
            <Group>
              {links.map(({ label, to, icon: Icon }) => (
                <Button key={to} component={Link} to={to} variant="light" leftSection={<Icon size={18} />}>
                  {label}
                </Button>
              ))}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
