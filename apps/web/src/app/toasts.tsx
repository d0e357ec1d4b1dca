import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toast container with its styles and animations: a chunk of its own (deferred-toasts.tsx loads it). */
export function Toasts() {
  return <Notifications position="top-right" />;
}
