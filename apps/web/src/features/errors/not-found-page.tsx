import { messages } from '@canvass/domain';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title';

/**
 * Spec §2: an unknown page says 'Page not found' / 'We redirected you to the previous page' and goes back,
 * or to /dashboard when there is nothing to go back to. The message is a notification because the page
 * itself is gone a moment later.
 */
export function NotFoundPage() {
  usePageTitle('Not found');
  const navigate = useNavigate();
  const location = useLocation();
  // React's development double-run of effects must not go back two pages.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    notifications.show({
      id: 'page-not-found',
      color: 'red',
      title: messages.pageNotFound,
      message: messages.redirectedToPrevious,
    });
    // 'default' is the key of the entry the app was opened on (a fresh tab, a typed URL): going back from it
    // would leave the app. Any entry the app pushed itself has its own key, so there is a page to go back to.
    if (location.key === 'default') navigate('/dashboard', { replace: true });
    else navigate(-1);
  }, [navigate, location.key]);

  return null;
}
