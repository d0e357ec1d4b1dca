import { guardOf, resources, type ResourceDef } from '@canvass/domain';
import { describe, expect, it } from 'vitest';
import { quickLinks } from '../features/dashboard/dashboard-page';
import { mainMenu } from './main-menu';

// The menu and the dashboard's links are written out to keep the registry off the first screen; these hold them to it.
const defs = Object.values(resources as Record<string, ResourceDef>);

describe('links written out from the registry', () => {
  it('the main menu holds every resource with a menu place at that place, with its label, path and guard', () => {
    const inMenu = defs.filter((def) => def.menuOrder !== undefined);
    expect(inMenu.length).toBeGreaterThan(0);
    for (const def of inMenu) {
      const entry = mainMenu[(def.menuOrder ?? 0) - 1];
      expect(entry, def.name).toMatchObject({ label: def.pluralLabel, to: `/${def.path}`, resource: guardOf(def) });
    }
  });

  it("the dashboard links to exactly the resources marked dashboardLink, in the registry's order", () => {
    const expected = defs
      .filter((def) => def.dashboardLink)
      .map((def) => ({ label: def.pluralLabel, to: `/${def.path}`, resource: guardOf(def) }));
    expect(quickLinks.map(({ label, to, resource }) => ({ label, to, resource }))).toEqual(expected);
  });
});
