import type { RouteObject } from 'react-router';
import { lazyNamed } from '../ui/lazy-component';

const ComingSoonPage = lazyNamed(() => import('../features/coming-soon/coming-soon-page'), 'ComingSoonPage');

/**
 * Menu entries whose screens arrive with later capabilities. Splat paths, so a bookmarked detail page of
 * one of these says "coming" rather than "not found".
 */
const upcoming = [
  {
    path: 'projects/*',
    title: 'Projects',
    description:
      'Projects are the message blasts: a message, a schedule, sender numbers, a list of recipients and texters.',
  },
  {
    path: 'shortened-links/*',
    title: 'Links',
    description: 'Shortened links for your messages, with click counts and custom domains.',
  },
];

export function comingSoonRoutes(): RouteObject[] {
  return upcoming.map(({ path, title, description }) => ({
    path,
    element: <ComingSoonPage title={title} description={description} />,
  }));
}
