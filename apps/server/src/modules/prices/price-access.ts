import { organizationMessages, priceMessages, type FieldErrors } from '@canvass/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import { isOrganizationAdmin } from '../../platform/auth/organization-admin';
import { ForbiddenError, viewerCan, type Viewer } from '../../platform/auth/viewer';
import { clients, projects } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { ownerCondition, visibleWhereOf } from '../../platform/resources/policy';
import { tableOf } from '../tables';
import type { PriceScope } from './price-scope';

/**
 * The projects the viewer may see: the registry's project policy once projects are a registry resource, until
 * then the same client limit (spec §6) on the project's client.
 */
function visibleProjects(viewer: Viewer): SQL {
  const policy = visibleWhereOf('project', tableOf, viewer);
  if (policy) return policy;
  const owner = ownerCondition(projects.clientId, viewer, tableOf);
  const org = eq(projects.organizationId, viewer.organizationId);
  return owner ? and(org, owner)! : org;
}

type Access = { ok: true } | { ok: false; errors: FieldErrors };
const NOT_FOUND: Access = { ok: false, errors: { base: ['Not found'] } };

/**
 * Whether the viewer may read (View) or change (Update) a level's prices (spec §6): the organization's with its
 * View on Organization, or as an organization admin to change them; a client's or a project's with the role's
 * View/Update on Client or Project (ForbiddenError without it) and only for a client it may see (a Client-role user:
 * its own client and its projects; 'Not found' for the others). A Complete project's pricing is locked (issue 13).
 */
export async function priceAccess(tx: Tx, viewer: Viewer, scope: PriceScope, op: 'View' | 'Update'): Promise<Access> {
  if (scope.level === 'Organization') {
    const may = op === 'View' ? viewerCan(viewer, 'View', 'Organization') : isOrganizationAdmin(viewer);
    return may ? { ok: true } : { ok: false, errors: { base: [organizationMessages.onlyAdmins] } };
  }
  if (scope.level === 'Client') {
    if (!viewerCan(viewer, op, 'Client')) throw new ForbiddenError();
    const visible = visibleWhereOf('client', tableOf, viewer)!;
    const [hit] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(visible, eq(clients.id, scope.clientId)));
    return hit ? { ok: true } : NOT_FOUND;
  }
  if (!viewerCan(viewer, op, 'Project')) throw new ForbiddenError();
  const [project] = await tx
    .select({ status: projects.projectStatus })
    .from(projects)
    .where(and(visibleProjects(viewer), eq(projects.id, scope.projectId)));
  if (!project) return NOT_FOUND;
  if (op === 'Update' && project.status === 'Complete') return { ok: false, errors: { base: [priceMessages.locked] } };
  return { ok: true };
}
