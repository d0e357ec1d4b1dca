import { NavLink, Stack } from '@mantine/core';
import { IconLayoutDashboard, IconLink, IconListDetails, IconSend, type Icon } from '@tabler/icons-react';
import { resources, type ResourceDef } from '@canvass/domain';
import { Link, useLocation } from 'react-router';
import { resourceIcon } from '../resources/icons';
import { useSession } from './session';

interface MenuEntry {
  label: string;
  to: string;
  /** Paths under this prefix count as "inside" the entry (detail pages, edit pages). */
  section: string;
  icon: Icon;
  /** The restriction resource whose View permission shows the entry; absent = always shown. */
  resource?: string;
}

/**
 * The entries that are not (yet) registry resources, with their place in spec §2's order; a registry entry with
 * a menuOrder takes its own place (and replaces the entry of the same path here once it is registered).
 */
const otherEntries: (MenuEntry & { order: number })[] = [
  { order: 1, label: 'Dashboard', to: '/dashboard', section: '/dashboard', icon: IconLayoutDashboard },
  { order: 2, label: 'Projects', to: '/projects', section: '/projects', icon: IconSend, resource: 'Project' },
  { order: 5, label: 'Lists', to: '/lists', section: '/lists', icon: IconListDetails, resource: 'List' },
  {
    order: 6,
    label: 'Links',
    to: '/shortened-links',
    section: '/shortened-links',
    icon: IconLink,
    resource: 'ShortenedLink',
  },
];

function resourceEntry(def: ResourceDef & { menuOrder: number }): MenuEntry & { order: number } {
  const to = `/${def.path}`;
  const icon = resourceIcon(def.name);
  return { order: def.menuOrder, label: def.pluralLabel, to, section: to, icon, resource: def.typeName };
}

/** Spec §2 main menu, in the spec's order: the registry's menu resources among the other entries. */
export const mainMenu: MenuEntry[] = (() => {
  const fromRegistry = Object.values(resources as Record<string, ResourceDef>)
    .filter((def): def is ResourceDef & { menuOrder: number } => def.menuOrder !== undefined)
    .map(resourceEntry);
  const others = otherEntries.filter((e) => !fromRegistry.some((r) => r.to === e.to));
  return [...others, ...fromRegistry].sort((a, b) => a.order - b.order).map(({ order: _order, ...entry }) => entry);
})();

const isInside = (pathname: string, section: string) => pathname === section || pathname.startsWith(`${section}/`);

/** The left navbar. Entries the user may not view are left out rather than leading to a refusal. */
export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { can } = useSession();
  const { pathname } = useLocation();
  return (
    <Stack gap={4} component="nav" aria-label="Main menu">
      {mainMenu
        .filter((entry) => !entry.resource || can('View', entry.resource))
        .map(({ label, to, section, icon: EntryIcon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            leftSection={<EntryIcon size={20} stroke={1.5} />}
            active={isInside(pathname, section)}
            onClick={onNavigate}
          />
        ))}
    </Stack>
  );
}
