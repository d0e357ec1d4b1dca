import { Menu, Text } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useSession } from '../../session/session';
import { useAuthConfig } from '../auth/use-auth-config';

/**
 * The avatar menu's Google entry: connects (or reconnects) the user's Google account, which lists read from
 * Google Sheets need, and shows the connected address. Rendered only while the menu is open, so the server's
 * configuration is asked for then and not on every page.
 */
export function GoogleAccountMenuItem() {
  const { user } = useSession();
  const config = useAuthConfig();
  const location = useLocation();
  if (!user) return null;
  const enabled = config?.googleAuthorizationEnabled === true;
  const returnTo = `${location.pathname}${location.search}`;
  const detail = !config
    ? 'Checking…'
    : !enabled
      ? 'Google is not configured'
      : user.hasRefreshToken
        ? `Connected as ${user.googleEmailAddress ?? 'your Google account'}`
        : 'Needed for lists from Google Sheets';
  return (
    <Menu.Item
      // A full page load: the server sends the browser on to Google's consent page and back.
      component="a"
      href={enabled ? `/auth/google/start?returnTo=${encodeURIComponent(returnTo)}` : undefined}
      disabled={!enabled}
      leftSection={<IconBrandGoogle size={16} />}
    >
      {user.hasRefreshToken && enabled ? 'Reconnect Google account' : 'Connect Google account'}
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Menu.Item>
  );
}
