import { ProjectTexterStatus } from '../enums';
import { defineResource, field, oneOf, ref, text } from '../resource';

/** A texter's largest quota: the column is a 4-byte integer, and ten digits (the spec's length) can overflow it. */
export const QUOTA_MAX = 2_147_483_647;

/**
 * A project's phones, teams and texters (spec §3, §7 projectPhones, projectTeams, projectTexters): edited with the
 * project (its children fields) and listed on its tabs. Guarded by Project and seen by whoever sees the project;
 * each belongs to one project (createOnly) and goes with it. Its phone, team or texter is named to whoever sees the
 * project (namedWithRecord), not only to who may open that phone, team or user.
 */
const projectRef = ref('project', 'project', 'Project', { required: true, createOnly: true, deletedWith: true });

/**
 * A part as its project's tab lists it: a page within the project, searched and sorted by the part's other end
 * (its phone, team or user), the one sort its index serves.
 */
function projectTab<const C extends string>(key: C, columns: readonly C[], exportColumns: readonly C[] = columns) {
  return {
    columns,
    search: key,
    sortBy: key,
    sortOrder: 'Asc',
    sortable: [key],
    scope: 'projectId',
    exportColumns,
  } as const;
}

/** Guarded by Project and seen by whoever sees the project, through its projectId. */
const ownedByProject = { guard: 'Project', ownedBy: null, ownedThrough: 'projectId' } as const;

export const projectPhone = defineResource({
  name: 'projectPhone',
  plural: 'projectPhones',
  typeName: 'ProjectPhone',
  label: 'Project phone',
  pluralLabel: 'Project phones',
  path: 'project-phones',
  fields: {
    projectId: projectRef,
    phoneId: ref('phone', 'phone', 'Phone', { required: true, namedWithRecord: true }),
    campaignId: ref('campaign', 'campaign', 'Campaign', { readOnly: true }),
    // The phone's own area code and campaign, copied when the phone is added (the projects service).
    areaCode: text('Area code', { readOnly: true }),
    // At most one per project, only an Active number of an uncompleted project (spec §4; the service checks).
    isPrimary: field('boolean', 'Primary'),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: projectTab('phoneId', ['phoneId', 'areaCode', 'isPrimary', 'createdAt']),
  sections: [{ title: 'General', path: 'general', fields: ['projectId', 'phoneId', 'isPrimary'] }],
  ...ownedByProject,
  messages: { destroyed: 'The project phone has been deleted successfully' },
});

export const projectTeam = defineResource({
  name: 'projectTeam',
  plural: 'projectTeams',
  typeName: 'ProjectTeam',
  label: 'Project team',
  pluralLabel: 'Project teams',
  path: 'project-teams',
  fields: {
    projectId: projectRef,
    teamId: ref('team', 'team', 'Team', { required: true, namedWithRecord: true }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: projectTab('teamId', ['teamId', 'createdAt']),
  sections: [{ title: 'General', path: 'general', fields: ['projectId', 'teamId'] }],
  ...ownedByProject,
  messages: { destroyed: 'The project team has been deleted successfully' },
});

export const projectTexter = defineResource({
  name: 'projectTexter',
  plural: 'projectTexters',
  typeName: 'ProjectTexter',
  label: 'Project texter',
  pluralLabel: 'Project texters',
  path: 'project-texters',
  fields: {
    projectId: projectRef,
    userId: ref('user', 'user', 'Texter', { required: true, namedWithRecord: true }),
    // Spec §5/§9: a number, max length 10; who may change it is the lifecycle's canEditQuota.
    quota: field('number', 'Quota', { integer: true, maxLength: 10, max: QUOTA_MAX }),
    status: oneOf(ProjectTexterStatus, 'Status', { required: true, default: 'Active' }),
    userName: text('Texter name', { readOnly: true }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  // The name is added per page (decorate), not a column an export reads.
  list: projectTab(
    'userId',
    ['userId', 'userName', 'quota', 'status', 'createdAt'],
    ['userId', 'quota', 'status', 'createdAt'],
  ),
  sections: [{ title: 'General', path: 'general', fields: ['projectId', 'userId', 'quota', 'status'] }],
  ...ownedByProject,
  messages: { destroyed: 'The project texter has been deleted successfully' },
});
