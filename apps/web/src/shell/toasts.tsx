import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * The toast container with its styles and animations: a chunk of its own (deferred-toasts.tsx loads it). Bottom
 * right: at the top a toast covered the page header's actions (Send Texts, Pause) while it showed.
 */
export function Toasts() {
  return <Notifications position="bottom-right" />;
}
