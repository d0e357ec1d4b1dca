import { LIFECYCLE_OPERATION, messages, type LifecycleAction } from '@canvass/domain';
import { ForbiddenError, viewerCan, type Viewer } from '../../platform/auth/viewer';

/** Whether the viewer's role may run the action: its row of the restrictions grid (admins may run every one). */
export function viewerMayRun(viewer: Viewer | null, action: LifecycleAction): boolean {
  return viewer !== null && viewerCan(viewer, LIFECYCLE_OPERATION, action);
}

/** Refuses, before anything is read or changed, an action the viewer's role may not run (spec §6, issue 35). */
export function assertMayRun(viewer: Viewer, action: LifecycleAction): void {
  if (!viewerMayRun(viewer, action)) throw new ForbiddenError(messages.notAuthorized);
}
