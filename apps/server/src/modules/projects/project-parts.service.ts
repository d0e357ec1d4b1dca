import {
  canEditQuota,
  projectMessages,
  projectPhone,
  projectTeam,
  projectTexter,
  type FieldErrors,
} from '@canvass/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { phones, projectPhones, projects, projectTeams, projectTexters, users } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { createResourceService, type Row } from '../../platform/resources/resource-service';
import { isMember } from '../auth/members.service';
import { tableOf } from '../tables';
import { checkTeamLead } from './projects.service';

/** The project a part belongs to: the one named on create, its own on update. */
async function projectOf(tx: Tx, viewer: Viewer, projectId: unknown, existing: Row | null) {
  const id = Number(existing?.projectId ?? projectId);
  if (!Number.isSafeInteger(id)) return null;
  const [found] = await tx
    .select({ projectStatus: projects.projectStatus, deliveryType: projects.deliveryType })
    .from(projects)
    .where(and(eq(projects.organizationId, viewer.organizationId), eq(projects.id, id)));
  return found ?? null;
}

const truthy = (v: unknown) => v === true || v === 'true';

/**
 * A project's sender number on its own (the project's phones tab): spec §4 numbers are locked once the project is
 * Complete; the primary is an Active number of an uncompleted project (one per project: the unique index). Its area
 * code and campaign are the phone's.
 */
export const projectPhonesService = createResourceService(projectPhone, projectPhones, tableOf, {
  async check(tx, attrs, { viewer, existing }) {
    const lead = checkTeamLead(attrs, existing, viewer, []);
    if (Object.keys(lead).length) return lead;
    const project = await projectOf(tx, viewer, attrs.projectId, existing);
    if (!project) return {};
    if (project.projectStatus === 'Complete')
      return { phoneId: [projectMessages.locked(projectPhone.fields.phoneId.label)] };
    const errors: FieldErrors = {};
    if (truthy(attrs.isPrimary) && !truthy(existing?.isPrimary)) {
      const [phone] = await tx
        .select({ status: phones.phoneStatus })
        .from(phones)
        .where(
          and(
            eq(phones.organizationId, viewer.organizationId),
            eq(phones.id, Number(attrs.phoneId ?? existing?.phoneId)),
          ),
        );
      if (phone && phone.status !== 'Active') errors.isPrimary = [projectMessages.primaryNeedsActive];
    }
    return errors;
  },
  async afterWrite(tx, row, _attrs, viewer) {
    const [phone] = await tx
      .select({ number: phones.number, campaignId: phones.campaignId })
      .from(phones)
      .where(and(eq(phones.organizationId, viewer.organizationId), eq(phones.id, row.phoneId)));
    if (phone)
      await tx
        .update(projectPhones)
        .set({ areaCode: phone.number.slice(0, 3), campaignId: phone.campaignId })
        .where(and(eq(projectPhones.organizationId, viewer.organizationId), eq(projectPhones.id, row.id)));
  },
});

/**
 * A project's texter on its own (the project_texters tab): a member of the organization, its quota changed only by
 * whom spec §5 allows (project-lifecycle canEditQuota) and required when added.
 */
export const projectTextersService = createResourceService(projectTexter, projectTexters, tableOf, {
  async check(tx, attrs, { viewer, existing }) {
    const errors: FieldErrors = checkTeamLead(attrs, existing, viewer, ['quota']);
    if (attrs.userId != null && !(await isMember(tx, Number(attrs.userId), viewer.organizationId)))
      errors.userId = ['Texter not found'];
    const project = await projectOf(tx, viewer, attrs.projectId, existing);
    const quotaSent = 'quota' in attrs;
    const quota = attrs.quota == null || String(attrs.quota) === '' ? null : Number(attrs.quota);
    const changed = existing ? quotaSent && quota !== (existing.quota ?? null) : quota !== null;
    if (project && changed) {
      const may = canEditQuota(viewer, {
        projectStatus: project.projectStatus,
        deliveryType: project.deliveryType,
      });
      if (!may) errors.quota = [projectMessages.quotaNotEditable];
    }
    return errors;
  },
  async decorate(tx, rows) {
    const ids = [...new Set(rows.map((r) => r.userId))];
    const names = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    for (const r of rows) r.userName = names.find((n) => n.id === r.userId)?.name ?? null;
  },
});

/** A project's team on its own (the teams tab): nothing to check but who may change it. */
export const projectTeamsService = createResourceService(projectTeam, projectTeams, tableOf, {
  check: async (_tx, attrs, { viewer, existing }) => checkTeamLead(attrs, existing, viewer, []),
});
