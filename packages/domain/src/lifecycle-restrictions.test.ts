import { describe, expect, it } from 'vitest';
import { lifecycleActions, mayRunAction } from './lifecycle-restrictions';
import { defaultRestrictions } from './default-restrictions';
import { operationsOf, restrictionGrid, restrictionResources, restrictionsOrDefaults } from './restriction-grid';

describe("the project's lifecycle in the restrictions grid", () => {
  it('lets Admin, Manager, Agency and Client run every action by default, not a team lead or a texter', () => {
    for (const action of lifecycleActions) {
      for (const role of ['Admin', 'Manager', 'Agency', 'Client'] as const)
        expect(mayRunAction(defaultRestrictions[role], action), `${role} ${action}`).toBe(true);
      for (const role of ['TeamLead', 'Texter'] as const)
        expect(mayRunAction(defaultRestrictions[role], action), `${role} ${action}`).toBe(false);
    }
  });

  it('is a row of the grid per action, with Update (run it) as its one operation', () => {
    expect(restrictionResources).toEqual(expect.arrayContaining(['ResendTexts', 'UnloadProject', 'PauseProject']));
    expect(operationsOf('ResendTexts')).toEqual(['Update']);
    expect(operationsOf('Project')).toHaveLength(9);
    const cell = restrictionGrid([]).find((c) => c.role === 'TeamLead' && c.resource === 'ResendTexts');
    expect(cell?.operations).toEqual([]);
  });

  it('gives an organization that saved its grid before the actions existed their defaults, and keeps a cleared one cleared', () => {
    const savedBefore = [{ resource: 'Project', operations: ['View' as const] }];
    const manager = restrictionsOrDefaults('Manager', savedBefore);
    expect(mayRunAction(manager, 'ResendTexts')).toBe(true);
    expect(manager.find((r) => r.resource === 'Project')?.operations).toEqual(['View']);
    const cleared = restrictionsOrDefaults('Manager', [{ resource: 'ResendTexts', operations: [] }]);
    expect(mayRunAction(cleared, 'ResendTexts')).toBe(false);
  });
});
