import { Role } from '@canvass/domain';
import { Avatar, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../session/session';
import { DetailList } from './detail-list';
import { usePageTitle } from '../../ui/use-page-title';

/** Settings menu → Profile: the signed-in user's own overview. */
export function ProfilePage() {
  usePageTitle('Profile');
  const { user } = useSession();
  if (!user) return null;
  return (
    <Card withBorder radius="md" p="xl" maw={720}>
      <Stack>
        <Group>
          <Avatar src={user.mediaUrl} name={user.name} color="initials" size="lg" />
          <Title order={2}>{user.name}</Title>
        </Group>
        <DetailList
          rows={[
            { label: 'Name', value: user.name },
            { label: 'Email', value: user.email },
            ...(user.username ? [{ label: 'Username', value: user.username }] : []),
            { label: 'Role', value: Role.label(user.role) },
            ...(user.isAdmin && user.role !== 'Admin' ? [{ label: 'Access', value: 'Administrator' }] : []),
            { label: 'Organization', value: user.currentOrganization.name },
          ]}
        />
        <Group>
          <Button component={Link} to="/update-password" variant="light" leftSection={<IconLock size={18} />}>
            Change password
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
