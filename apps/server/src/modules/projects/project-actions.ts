import {
  CHANGE_PROJECT_STATUS,
  canPauseOrResume,
  isActionAllowed,
  manualTransition,
  PAUSE_PROJECT,
  projectActionRules,
  projectMessages,
  ProjectStatus,
  textSendMessages,
  type FieldErrors,
  type ProjectActionValue,
  type ProjectStatusValue,
} from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { projects, users } from '../../platform/db/schema/index';
import { withTenant, type Tx } from '../../platform/db/tenant';
import { startBackgroundTask } from '../../platform/jobs/background-tasks';
import type { Platform } from '../../platform/platform';
import { startTextsDispatch } from '../sending/dispatch/dispatch.job';
import { assertMayRun } from './lifecycle-permission';
import { markTextsToSend, MAX_SEND_TEXT_IDS, resendProjectTexts } from '../sending/dispatch/resend-texts';
import { loadProjectJob, unloadProjectJob } from './load/project-load.job';
import { projectsService } from './projects.service';
import { storeTestTexts } from './test-texts';

/** What a lifecycle action answers (spec §7 loadSendProject: message and errors). */
export interface ActionResult {
  projectId: number;
  message: string | null;
  errors: FieldErrors;
}

export interface LoadSendArgs {
  projectId: number;
  option: ProjectActionValue;
  phoneIds?: number[] | null;
  toNumbers?: string[] | null;
  body?: string | null;
  fromPhoneId?: number | null;
}

const refused = (projectId: number, field: string, message: string): ActionResult => ({
  projectId,
  message: null,
  errors: { [field]: [message] },
});

/**
 * The project, locked for the rest of the transaction (SELECT … FOR UPDATE), when the viewer may see it: two users
 * acting on one project at once are served one after the other, and the second sees the first's status.
 */
async function lockProject(tx: Tx, viewer: Viewer, projectId: number): Promise<typeof projects.$inferSelect | null> {
  const [row] = await tx
    .select()
    .from(projects)
    .where(and(projectsService.visibleWhere(viewer), eq(projects.id, projectId)))
    .for('update');
  return row ?? null;
}

async function setStatus(tx: Tx, viewer: Viewer, projectId: number, values: Partial<typeof projects.$inferInsert>) {
  await tx
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(projects.organizationId, viewer.organizationId), eq(projects.id, projectId)));
}

/** Whether the viewer is the one staff account of spec §6 (Project Live, Blast). */
async function isStaffAccount(tx: Tx, platform: Platform, viewer: Viewer): Promise<boolean> {
  const staff = platform.config.STAFF_ACCOUNT_EMAIL;
  if (!staff) return false;
  const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, viewer.userId));
  return me?.email.toLowerCase() === staff;
}

export async function viewerIsStaffAccount(platform: Platform, viewer: Viewer): Promise<boolean> {
  return withTenant(platform.database, { organizationIds: viewer.organizationIds, userId: viewer.userId }, (tx) =>
    isStaffAccount(tx, platform, viewer),
  );
}

/**
 * loadSendProject (spec §7): one lifecycle action on a project, run only by a role its row of the restrictions grid
 * lets run it (refused as not allowed), and allowed exactly where project-lifecycle.ts says, refused otherwise with the reason on projectStatus and nothing changed. Runs on the caller's transaction with the
 * project row locked, so the status it judges is the one it changes.
 */
export async function loadSendProject(tx: Tx, viewer: Viewer, args: LoadSendArgs): Promise<ActionResult> {
  assertMayRun(viewer, args.option);
  const project = await lockProject(tx, viewer, args.projectId);
  if (!project) return refused(args.projectId, 'base', 'Error, project not loaded');
  const status = project.projectStatus;
  if (!isActionAllowed(args.option, status))
    return refused(
      project.id,
      'projectStatus',
      projectMessages.notAllowed(humanAction(args.option), ProjectStatus.label(status)),
    );
  const to = projectActionRules[args.option].to;
  const scope = { organizationId: viewer.organizationId, userId: viewer.userId };
  switch (args.option) {
    case 'TestText': {
      const stored = await storeTestTexts(tx, viewer, { id: project.id, listId: project.listId }, args);
      if (!stored.ok) return refused(project.id, stored.field, stored.message);
      return { projectId: project.id, message: projectMessages.testTextStored, errors: {} };
    }
    case 'LoadProject': {
      const task = await startBackgroundTask(tx, loadProjectJob, scope, { projectId: project.id });
      await setStatus(tx, viewer, project.id, { projectStatus: to!, loadTaskId: task.id });
      return { projectId: project.id, message: projectMessages.loaded, errors: {} };
    }
    case 'UnloadProject': {
      const task = await startBackgroundTask(tx, unloadProjectJob, scope, { projectId: project.id });
      await setStatus(tx, viewer, project.id, { projectStatus: to!, loadTaskId: task.id });
      return { projectId: project.id, message: projectMessages.unloaded, errors: {} };
    }
    case 'CancelProject':
      await setStatus(tx, viewer, project.id, { projectStatus: to! });
      return { projectId: project.id, message: projectMessages.cancelled, errors: {} };
    case 'ReinstateProject':
      await setStatus(tx, viewer, project.id, { projectStatus: to!, isPaused: false });
      return { projectId: project.id, message: projectMessages.reinstated, errors: {} };
    case 'SendTexts':
      // A Blast goes out through dispatch from here; other delivery types wait in Queued for their texters. Sending
      // lifts a pause sending made by itself before (every number blocked): Resume is not offered in Queued, so a
      // pause kept here would hold the project for ever; if its numbers still cannot send, dispatch pauses it again.
      await setStatus(tx, viewer, project.id, { projectStatus: to!, pauseReason: null, isPaused: false });
      if (project.deliveryType === 'Blast') await startTextsDispatch(tx, viewer.organizationId);
      return { projectId: project.id, message: projectMessages.textsQueued, errors: {} };
    case 'ResendTexts': {
      const again = await resendProjectTexts(tx, viewer.organizationId, project.id);
      if (again && status === 'Complete') await setStatus(tx, viewer, project.id, { projectStatus: 'Sending' });
      if (again) await startTextsDispatch(tx, viewer.organizationId);
      return { projectId: project.id, message: projectMessages.resendQueued, errors: {} };
    }
  }
}

/** 'LoadProject' → 'Load project', for the refusal's words. */
function humanAction(action: ProjectActionValue): string {
  const words = action.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The manual status changes of spec §4: Submitted → Approved, Approved → Assigned, Ready or Queued → Live (the staff
 * account only). Anything else is refused on projectStatus, the project unchanged.
 */
export async function changeProjectStatus(
  tx: Tx,
  platform: Platform,
  viewer: Viewer,
  projectId: number,
  to: ProjectStatusValue,
): Promise<ActionResult> {
  assertMayRun(viewer, CHANGE_PROJECT_STATUS);
  const project = await lockProject(tx, viewer, projectId);
  if (!project) return refused(projectId, 'base', 'Error, project not loaded');
  const from = project.projectStatus;
  // The same change asked twice (a second click, another tab) finds it done: said so, nothing changed, no error.
  if (from === to) return { projectId, message: projectMessages.alreadyInStatus(to), errors: {} };
  const transition = manualTransition(from, to);
  if (!transition) return refused(projectId, 'projectStatus', projectMessages.noTransition(from, to));
  if (transition.staffOnly && !(await isStaffAccount(tx, platform, viewer)))
    return refused(projectId, 'projectStatus', projectMessages.staffOnly);
  await setStatus(tx, viewer, projectId, { projectStatus: to });
  return { projectId, message: projectMessages.statusChanged, errors: {} };
}

/** Spec §4 Pause and Resume, for a Sending Blast project only. */
export async function setProjectPaused(
  tx: Tx,
  viewer: Viewer,
  projectId: number,
  isPaused: boolean,
): Promise<ActionResult> {
  assertMayRun(viewer, PAUSE_PROJECT);
  const project = await lockProject(tx, viewer, projectId);
  if (!project) return refused(projectId, 'base', 'Error, project not loaded');
  if (
    !canPauseOrResume({
      projectStatus: project.projectStatus,
      deliveryType: project.deliveryType,
    })
  )
    return refused(projectId, 'isPaused', projectMessages.pauseOnlySendingBlast);
  // Dispatch reads is_paused at every claim: a pause holds the texts from the next batch on, on every worker.
  await setStatus(tx, viewer, projectId, { isPaused, pauseReason: null });
  if (!isPaused) await startTextsDispatch(tx, viewer.organizationId);
  return { projectId, message: projectMessages.pausedResumed, errors: {} };
}

/**
 * Spec §7 sendText: up to 100 Ready texts of one project sent now, with `message` as their body when given. A text
 * that is not the project's or not Ready refuses the whole request unchanged ('Error, text not sent').
 */
export async function sendProjectTexts(
  tx: Tx,
  viewer: Viewer,
  args: { projectId: number; textIds: number[]; message: string | null },
): Promise<ActionResult> {
  const project = await lockProject(tx, viewer, args.projectId);
  if (!project) return refused(args.projectId, 'base', 'Error, project not loaded');
  if (!args.textIds.length || args.textIds.length > MAX_SEND_TEXT_IDS)
    return refused(project.id, 'textIds', `Send between 1 and ${MAX_SEND_TEXT_IDS} texts at a time`);
  const message = args.message?.trim() || null;
  const marked = await markTextsToSend(tx, viewer.organizationId, project.id, args.textIds, message);
  if (marked === null) return refused(project.id, 'base', textSendMessages.notSent);
  await startTextsDispatch(tx, viewer.organizationId);
  return { projectId: project.id, message: projectMessages.textsQueued, errors: {} };
}
