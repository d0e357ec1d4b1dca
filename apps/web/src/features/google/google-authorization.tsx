import { messages } from '@canvass/domain';
import { Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { useAuthConfig } from '../auth/use-auth-config';

/** Where the server's Google callback reports its result (apps/server modules/google/google.routes.ts). */
const RESULT_PARAM = 'googleAuthorization';

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

/** On return from Google: 'Google Authorization saved' or 'Google Authorization failed', then the address is clean. */
export function GoogleAuthorizationResult() {
  const [params, setParams] = useSearchParams();
  const result = params.get(RESULT_PARAM);
  // Once per return, even when StrictMode runs the effect twice before the address is cleaned.
  const shown = useRef(false);
  useEffect(() => {
    if ((result !== 'saved' && result !== 'failed') || shown.current) return;
    shown.current = true;
    notifications.show({
      color: result === 'saved' ? 'green' : 'red',
      message: result === 'saved' ? messages.googleAuthorizationSaved : messages.googleAuthorizationFailed,
    });
    setParams(
      (current) => {
        current.delete(RESULT_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [result, setParams]);
  return null;
}
