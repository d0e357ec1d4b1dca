import type { EnumValue } from './enum';
import { ProjectAction, ProjectStatus, ProjectStatusGroup, type DeliveryType } from './enums';
import type { RoleName } from './permissions';

/**
 * The lifecycle of a project (spec §4) as data: read by the server to refuse and by the web to show, so nothing
 * about it is written twice. Every rule a status decides is here: its group, its display, which loadSendProject
 * actions and manual transitions it allows, and what is locked in it.
 */

export type ProjectStatusValue = EnumValue<typeof ProjectStatus>;
export type ProjectStatusGroupValue = EnumValue<typeof ProjectStatusGroup>;
export type ProjectActionValue = EnumValue<typeof ProjectAction>;

/**
 * The stages a status belongs to (spec §4 "Setup, Ready, Loading, Error and others, shown as stages"):
 * - Setup: the project is still being built and approved (Setup, Submitted, Approved, Assigned): its status may be
 *   edited, delivery type chosen;
 * - Loading: its texts are being made or removed (AwaitingLoad, Loading, LoadingWork, AwaitingUnload, Unloading):
 *   the web polls it every 5 seconds;
 * - Ready: its texts exist and it is or may be sending (Ready, Queued, Live, Sending, Active, Late): quotas are
 *   locked (spec §5 "not when the group is Ready");
 * - Error: a load went wrong (Error, ErrorLoading, ErrorLoadingWork): it may be unloaded and loaded again;
 * - Other: finished or stopped (Complete, Cancelled).
 */
export const projectStatusGroups: Record<ProjectStatusValue, ProjectStatusGroupValue> = {
  Setup: 'Setup',
  Submitted: 'Setup',
  Approved: 'Setup',
  Assigned: 'Setup',
  AwaitingLoad: 'Loading',
  Loading: 'Loading',
  LoadingWork: 'Loading',
  AwaitingUnload: 'Loading',
  Unloading: 'Loading',
  Ready: 'Ready',
  Queued: 'Ready',
  Live: 'Ready',
  Sending: 'Ready',
  Active: 'Ready',
  Late: 'Ready',
  Error: 'Error',
  ErrorLoading: 'Error',
  ErrorLoadingWork: 'Error',
  Complete: 'Other',
  Cancelled: 'Other',
};

export function projectStatusGroup(status: ProjectStatusValue): ProjectStatusGroupValue {
  return projectStatusGroups[status];
}

/** The statuses of one group, in the enum's order. */
export function statusesOfGroup(group: ProjectStatusGroupValue): ProjectStatusValue[] {
  return ProjectStatus.values.filter((s) => projectStatusGroups[s] === group);
}

/**
 * How a status is shown (spec §4 Display): its badge label (Setup, Submitted and Assigned as Draft; the load's
 * statuses as Loading or Unloading, from the enum's labels), its colour, and whether the badge pulses (Sending).
 */
export function projectStatusDisplay(status: ProjectStatusValue): { label: string; colour: string; pulse: boolean } {
  return { label: ProjectStatus.label(status), colour: ProjectStatus.colour(status), pulse: status === 'Sending' };
}

/**
 * Where each loadSendProject action may run (spec §4 "Project action availability"), and the status it leaves the
 * project in (null: unchanged). Decided here where the spec is silent:
 * - TestText: a test is sent from a project being built or ready to go, never one being loaded, cancelled or
 *   finished: the Setup group (the stepper's last step), Ready, Queued and Live;
 * - SendTexts: the project's loaded texts are released to be sent, from Ready or Live; until sending exists the
 *   project moves to Queued (the dispatcher of the sending issue takes Queued projects);
 * - ResendTexts: until sending exists it changes no status and answers that the texts are queued again (nothing to
 *   resend yet is not an error);
 * - Reinstate puts a cancelled project back to Submitted, to be approved again: its texts were never sent, and its
 *   approval and assignment may no longer hold;
 * - Unload leaves AwaitingUnload (the unload job ends it at Assigned).
 */
export const projectActionRules: Record<
  ProjectActionValue,
  { allowedIn: readonly ProjectStatusValue[]; to: ProjectStatusValue | null }
> = {
  TestText: { allowedIn: [...statusesOfGroup('Setup'), 'Ready', 'Queued', 'Live'], to: null },
  LoadProject: { allowedIn: ['Assigned'], to: 'AwaitingLoad' },
  ResendTexts: { allowedIn: ['Live', 'Sending', 'Complete'], to: null },
  CancelProject: {
    allowedIn: ['Approved', 'Assigned', 'Late', 'Live', 'Queued', 'Ready', 'Setup', 'Sending', 'Submitted'],
    to: 'Cancelled',
  },
  ReinstateProject: { allowedIn: ['Cancelled'], to: 'Submitted' },
  UnloadProject: {
    allowedIn: ['Sending', 'Live', 'Ready', 'Queued', ...statusesOfGroup('Error')],
    to: 'AwaitingUnload',
  },
  SendTexts: { allowedIn: ['Ready', 'Live'], to: 'Queued' },
};

export function isActionAllowed(action: ProjectActionValue, status: ProjectStatusValue): boolean {
  return projectActionRules[action].allowedIn.includes(status);
}

/** The actions a project in this status offers, in the enum's order (the anchor's actions menu). */
export function allowedActions(status: ProjectStatusValue): ProjectActionValue[] {
  return ProjectAction.values.filter((a) => isActionAllowed(a, status));
}

/**
 * The manual status changes of spec §4, each with its button label. Live is limited to the one configured staff
 * account (spec §6 "Blast and Project Live actions are limited to one specific staff account").
 */
export const manualTransitions = [
  { from: ['Submitted'], to: 'Approved', label: 'Project Approved', staffOnly: false },
  { from: ['Approved'], to: 'Assigned', label: 'Project Assigned', staffOnly: false },
  { from: ['Ready', 'Queued'], to: 'Live', label: 'Project Live', staffOnly: true },
] as const satisfies readonly {
  from: readonly ProjectStatusValue[];
  to: ProjectStatusValue;
  label: string;
  staffOnly: boolean;
}[];
export type ManualTransition = (typeof manualTransitions)[number];

/** The manual transition from `from` to `to`, or undefined when the spec has none. */
export function manualTransition(from: ProjectStatusValue, to: ProjectStatusValue): ManualTransition | undefined {
  return manualTransitions.find((t) => t.to === to && (t.from as readonly string[]).includes(from));
}

/** The manual transitions a viewer may take from a status (the staff account alone sees Project Live). */
export function availableTransitions(status: ProjectStatusValue, isStaffAccount: boolean): ManualTransition[] {
  return manualTransitions.filter(
    (t) => (t.from as readonly string[]).includes(status) && (!t.staffOnly || isStaffAccount),
  );
}

/** Pause is shown for a Sending Blast project that is not paused, Resume for one that is (spec §4). */
export function canPauseOrResume(project: { projectStatus: ProjectStatusValue; deliveryType: string }): boolean {
  const blast: EnumValue<typeof DeliveryType> = 'Blast';
  return project.projectStatus === 'Sending' && project.deliveryType === blast;
}

/** Spec §4: the status is edited (a dropdown, an update) only while the group is Setup. */
export function isStatusEditable(status: ProjectStatusValue): boolean {
  return projectStatusGroups[status] === 'Setup';
}

/** Spec §4 "When Complete, most fields are locked": the message, media, schedule, numbers and pricing. */
export const fieldsLockedWhenComplete = [
  'message',
  'mediaUrl',
  'mediaFilename',
  'mediaFiletype',
  'mediaSize',
  'mediaPosition',
  'startAt',
  'endAt',
  'timeZone',
  'projectPhones',
  'areaCodeSelection',
  'pricingType',
] as const;

export function isFieldLocked(status: ProjectStatusValue, field: string): boolean {
  return status === 'Complete' && (fieldsLockedWhenComplete as readonly string[]).includes(field);
}

/** Spec §4: Client-role users see only Approved and Submitted as options for projects in those statuses. */
const CLIENT_STATUS_OPTIONS: readonly ProjectStatusValue[] = ['Approved', 'Submitted'];

/**
 * The statuses a viewer may pick in the status dropdown of a project now in `status`: none outside the Setup group;
 * for a Client-role user, Approved and Submitted while the project is in one of them, else none; for others, the
 * Setup group's statuses.
 */
export function statusOptionsFor(role: RoleName, status: ProjectStatusValue): ProjectStatusValue[] {
  if (!isStatusEditable(status)) return [];
  if (role === 'Client') return CLIENT_STATUS_OPTIONS.includes(status) ? [...CLIENT_STATUS_OPTIONS] : [];
  return statusesOfGroup('Setup');
}

/** The status a new project starts in (spec §4 "A project created through the stepper starts as Submitted"). */
export const NEW_PROJECT_STATUS: ProjectStatusValue = 'Submitted';

/**
 * Spec §5 texter quota: a team lead edits it for External delivery, a client for Internal, nobody while the group is
 * Ready (admins, who may do everything, too outside Ready). Blast delivery has no texters' quota to edit.
 */
export function canEditQuota(
  viewer: { role: RoleName; isAdmin: boolean },
  project: { projectStatus: ProjectStatusValue; deliveryType: string },
): boolean {
  if (projectStatusGroups[project.projectStatus] === 'Ready') return false;
  if (viewer.isAdmin || viewer.role === 'Admin') return true;
  if (project.deliveryType === 'External') return viewer.role === 'TeamLead';
  if (project.deliveryType === 'Internal') return viewer.role === 'Client';
  return false;
}

/**
 * Spec §5: delivery type is editable only by a Client role and only in the Setup group. Not by an admin either
 * (issue 35): the client decides whether its texts go out as a Blast or wait for texters.
 */
export function canEditDeliveryType(viewer: { role: RoleName }, status: ProjectStatusValue): boolean {
  return viewer.role === 'Client' && isStatusEditable(status);
}

/**
 * Recipients one test text may go to: a test is for staff's own phones, and without a bound it is a way round a
 * project's review, its schedule and its opt-out checks of a list (a test is sent at once).
 */
export const TEST_TEXT_MAX_RECIPIENTS = 10;

/** The messages of the lifecycle (spec §4, §5, §8), word for word. */
export const projectMessages = {
  statusChanged: 'Project Status: The status has been changed',
  pausedResumed: 'The project is being paused/resumed',
  statusError: 'Project Status Error',
  formIncomplete: 'Form is incomplete or contains invalid values, cannot submit.',
  notAllowed: (action: string, status: string) => `${action} is not allowed while the project is ${status}`,
  noTransition: (from: string, to: string) => `The status cannot change from ${from} to ${to}`,
  /** A change asked twice (Approve pressed again before the page caught up): nothing to do, and no error. */
  alreadyInStatus: (status: string) => `The project is already ${status}`,
  staffOnly: 'Only the staff account may set a project Live',
  notEditable: 'The status can only be changed while the project is being set up',
  clientStatusOption: 'Choose Approved or Submitted',
  locked: (label: string) => `${label} cannot be changed once the project is Complete`,
  quotaNotEditable: 'You cannot change the quota of this project',
  teamLeadQuotaOnly: "A team lead may change only the texters' quotas",
  deliveryTypeNotEditable: 'Only a client may choose the delivery type, while the project is being set up',
  pauseOnlySendingBlast: 'Only a Sending Blast project can be paused or resumed',
  endBeforeStart: 'The end time must be after the start time',
  senderNotOfClient: "A sender must be a purchased number of the project's client or of the organization",
  primaryNeedsActive: 'The primary phone must be an Active number',
  primaryCompleted: 'The primary phone of a completed project cannot change',
  onePrimary: 'Only one phone can be primary',
  loaded: 'The project is being loaded',
  unloaded: 'The project is being unloaded',
  cancelled: 'The project has been cancelled',
  reinstated: 'The project has been reinstated',
  testTextStored: 'The test text has been created',
  testTextTooMany: `A test text goes to at most ${TEST_TEXT_MAX_RECIPIENTS} recipients`,
  textsQueued: 'The texts have been queued for sending',
  resendQueued: 'The texts have been queued to be sent again',
} as const;

/** The placeholder stored for an empty message (spec §5 "An empty message is stored as a placeholder value"). */
export const EMPTY_MESSAGE_PLACEHOLDER = '-';
