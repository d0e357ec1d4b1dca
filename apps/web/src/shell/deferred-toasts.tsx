import { useNotifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../ui/lazy-component';

const Toasts = lazyNamed(() => import('./toasts'), 'Toasts');

/**
 * Mounts the toast container once the first toast is raised, so a page that never shows one (the login page on
 * a good day) does not download it. The store keeps the toast until the container arrives and shows it.
 */
export function DeferredToasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
