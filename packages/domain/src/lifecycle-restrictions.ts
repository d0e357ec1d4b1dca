import type { EnumValue } from './enum';
import { ProjectAction } from './enums';
import type { Operation, Restriction, RoleName } from './permissions';

/**
 * The project header's actions as rows of the restrictions grid (spec §6, issue 35): who may send, resend, cancel,
 * unload, load, reinstate, test, pause or change the status of a project is decided per role by the organization, as
 * any other resource. Each action is a restriction resource of its own name with one operation, Update ("may run
 * it"): a project's Update alone no longer lets a team lead, who has it for the texters' quotas, resend its texts.
 */

/** Pause and Resume (spec §4), one row. */
export const PAUSE_PROJECT = 'PauseProject';
/** The manual transitions (Approve, Assign, Set Live; spec §4), one row. */
export const CHANGE_PROJECT_STATUS = 'ChangeProjectStatus';

export type LifecycleAction = EnumValue<typeof ProjectAction> | typeof PAUSE_PROJECT | typeof CHANGE_PROJECT_STATUS;

/** Every lifecycle row, in the header's order: the loadSendProject options, then pause and the status changes. */
export const lifecycleActions: readonly LifecycleAction[] = [
  ...ProjectAction.values,
  PAUSE_PROJECT,
  CHANGE_PROJECT_STATUS,
];

/** The one operation a lifecycle row carries. */
export const LIFECYCLE_OPERATION: Operation = 'Update';

export function isLifecycleResource(resource: string): boolean {
  return (lifecycleActions as readonly string[]).includes(resource);
}

const run = (): Restriction[] => lifecycleActions.map((resource) => ({ resource, operations: [LIFECYCLE_OPERATION] }));

/**
 * Who runs a project's lifecycle in a new organization: those who build and own projects (Admin, Manager, the
 * client and its agency, spec §4 "Client-role users … Approved and Submitted"), not a team lead (its Update on a
 * project is for the quotas, spec §5) nor a texter.
 */
export const lifecycleDefaults: Record<RoleName, Restriction[]> = {
  Admin: run(),
  Manager: run(),
  Agency: run(),
  Client: run(),
  TeamLead: [],
  Texter: [],
};

/** Whether these restrictions let their holder run the action (admins' restrictions grant every one). */
export function mayRunAction(restrictions: readonly Restriction[], action: LifecycleAction): boolean {
  return restrictions.some((r) => r.resource === action && r.operations.includes(LIFECYCLE_OPERATION));
}
