import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isOrganizationAdmin } from '@canvass/domain';
import {
  IconBuilding,
  IconCheck,
  IconExternalLink,
  IconLock,
  IconLogout,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { GoogleAccountMenuItem } from '../features/google/google-account-menu-item';
import { useSession } from '../session/session';

/** Spec §6: the queue monitor belongs to the platform operator: its admins, in organization 1. */
const QUEUE_MONITOR_ORGANIZATION_ID = '1';
const QUEUE_MONITOR_URL = '/admin/queue';

/** The avatar menu, top right: Profile, Organization, Restrictions (organization admins), Users, Google account, queue monitor, organization switcher, Logout. */
export function SettingsMenu() {
  const { user, switchOrganization, can } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  const current = user.currentOrganization;

  const switchTo = async (organizationId: string) => {
    const failure = await switchOrganization(organizationId);
    if (failure) {
      notifications.show({ color: 'yellow', message: failure });
      return;
    }
    // The page on screen may belong to the previous organization.
    navigate('/dashboard');
  };

  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="Settings menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.mediaUrl} name={user.name} color="initials" radius="xl" size="md" />
            <div>
              <Text size="sm" fw={600} lh={1.2}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {current.name}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/organization" leftSection={<IconBuilding size={16} />}>
          Organization
        </Menu.Item>
        {isOrganizationAdmin(user) && (
          <Menu.Item component={Link} to="/organization/restrictions" leftSection={<IconLock size={16} />}>
            Restrictions
          </Menu.Item>
        )}
        {can('View', 'User') && (
          <Menu.Item component={Link} to="/users" leftSection={<IconUsers size={16} />}>
            Users
          </Menu.Item>
        )}
        <GoogleAccountMenuItem />
        {user.isAdmin && current.id === QUEUE_MONITOR_ORGANIZATION_ID && (
          <Menu.Item
            component="a"
            href={QUEUE_MONITOR_URL}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternalLink size={16} />}
          >
            Queue monitor
          </Menu.Item>
        )}
        {user.organizations.length > 1 && (
          <>
            <Menu.Divider />
            <Menu.Label>Switch organization</Menu.Label>
            {user.organizations.map((organization) => {
              const isCurrent = organization.id === current.id;
              return (
                <Menu.Item
                  key={organization.id}
                  disabled={isCurrent}
                  aria-current={isCurrent ? 'true' : undefined}
                  rightSection={isCurrent ? <IconCheck size={16} /> : null}
                  onClick={() => void switchTo(organization.id)}
                >
                  {organization.name}
                </Menu.Item>
              );
            })}
          </>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} />}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
