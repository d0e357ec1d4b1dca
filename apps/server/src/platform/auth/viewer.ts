import { can, type Operation, type Restriction, type RoleName } from '@canvass/domain';

/** Who is asking, resolved once per request from the access token and the membership. */
export interface Viewer {
  userId: number;
  organizationId: number;
  /** The session whose access token made this viewer; null for a job acting for the user. */
  sessionId: number | null;
  organizationIds: number[];
  role: RoleName;
  isAdmin: boolean;
  restrictions: Restriction[];
  clientId: number | null;
  teamId: number | null;
  /** Clients this user is limited to (spec §3 userViews); empty means no limit. */
  viewClientIds: number[];
}

export class ForbiddenError extends Error {
  constructor(message = 'You are not allowed to do this') {
    super(message);
  }
}
export class UnauthenticatedError extends Error {
  constructor(message = 'You must sign in to continue') {
    super(message);
  }
}

/** Admins may do everything; everyone else what their role's restrictions permit. */
export function viewerCan(viewer: Viewer, operation: Operation, resource: string): boolean {
  return viewer.isAdmin || can(viewer.restrictions, operation, resource);
}

export function assertCan(viewer: Viewer | null, operation: Operation, resource: string): Viewer {
  if (!viewer) throw new UnauthenticatedError();
  if (!viewerCan(viewer, operation, resource)) throw new ForbiddenError();
  return viewer;
}
