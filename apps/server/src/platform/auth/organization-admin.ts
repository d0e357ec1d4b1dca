import { viewerCan, type Viewer } from './viewer';

/**
 * Spec §6: the organization's settings are its admins' to change: the Admin role (or a platform admin) with Update
 * on Organization in the organization's restrictions.
 */
export function isOrganizationAdmin(viewer: Viewer): boolean {
  return viewer.isAdmin || (viewer.role === 'Admin' && viewerCan(viewer, 'Update', 'Organization'));
}
