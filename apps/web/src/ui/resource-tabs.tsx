import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ResourceTab } from './screen';

interface Props {
  basePath: string;
  tabs: readonly ResourceTab[];
  /** The current tab's path, or null on a route that is not a tab (an edit section). */
  active: string | null;
  children: ReactNode;
}

/** Tabs as sub-routes: choosing one navigates to {basePath}/{tab}, so every tab has its own URL. */
export function ResourceTabs({ basePath, tabs, active, children }: Props) {
  const navigate = useNavigate();
  return (
    <Tabs value={active} onChange={(tab) => void (tab && navigate(`${basePath}/${tab}`))} keepMounted={false}>
      <Tabs.List>
        {tabs.map((t) => (
          <Tabs.Tab key={t.path} value={t.path}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {active ? (
        <Tabs.Panel value={active} pt="md">
          {children}
        </Tabs.Panel>
      ) : (
        <div style={{ paddingTop: 'var(--mantine-spacing-md)' }}>{children}</div>
      )}
    </Tabs>
  );
}
