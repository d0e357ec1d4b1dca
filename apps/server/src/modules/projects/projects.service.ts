import {
  canEditDeliveryType,
  canPauseOrResume,
  canEditQuota,
  EMPTY_MESSAGE_PLACEHOLDER,
  isFieldLocked,
  isStatusEditable,
  messages,
  NEW_PROJECT_STATUS,
  PAUSE_PROJECT,
  project,
  projectMessages,
  projectStatusGroup,
  ProjectStatusGroup,
  statusesOfGroup,
  statusOptionsFor,
  type ProjectStatusGroupValue,
  type AttributesOf,
  type FieldErrors,
  type Filter,
  type ProjectStatusValue,
} from '@canvass/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { lists, projects } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { ListArgumentError, type ListArgs } from '../../platform/resources/list-query';
import {
  createResourceService,
  type ResourceService,
  type Row,
  type RowOf,
} from '../../platform/resources/resource-service';
import { isMember } from '../auth/members.service';
import { favoriteIds } from '../favorites/favorites.service';
import { tableOf } from '../tables';
import { viewerMayRun } from './lifecycle-permission';
import { checkChildren, loadChildren, saveChildren } from './project-children';

type Project = RowOf<typeof projects>;

type ProjectAttributes = AttributesOf<typeof project>;

const blank = (v: unknown) => v == null || String(v).trim() === '';
const MEDIA_FIELDS = ['mediaUrl', 'mediaFilename', 'mediaFiletype', 'mediaSize'] as const;

/**
 * Fills what the viewer does not choose (spec §5): an empty message is stored as a placeholder, so autosave can
 * submit before the message is written; removing the media resets its position to no preference.
 */
function settle(attrs: ProjectAttributes, { existing }: { existing: Project | null }): ProjectAttributes {
  const out = { ...attrs };
  if (existing === null ? blank(out.message) : 'message' in out && blank(out.message))
    out.message = EMPTY_MESSAGE_PLACEHOLDER;
  if ('mediaUrl' in out && blank(out.mediaUrl) && (existing === null || existing.mediaUrl != null)) {
    for (const f of MEDIA_FIELDS) out[f] = null;
    out.mediaPosition = 'NoPreference';
  }
  return out;
}

/** A value as the API sends it and as the row holds it, compared as text (dates as instants). */
function sameValue(sent: unknown, stored: unknown): boolean {
  if (blank(sent)) return stored == null || stored === '';
  if (stored instanceof Date) return new Date(String(sent)).getTime() === stored.getTime();
  return String(sent) === String(stored);
}

/** The status rules of spec §4: editable only in the Setup group, among the options the viewer's role is given. */
function checkStatus(attrs: ProjectAttributes, existing: Project | null, viewer: Viewer): FieldErrors {
  const current = existing?.projectStatus ?? NEW_PROJECT_STATUS;
  const wanted = attrs.projectStatus;
  if (blank(wanted) || wanted === current) return {};
  if (!isStatusEditable(current)) return { projectStatus: [projectMessages.notEditable] };
  const options = statusOptionsFor(viewer.role, current);
  if (!options.includes(wanted as ProjectStatusValue))
    return {
      projectStatus: [
        viewer.role === 'Client'
          ? projectMessages.clientStatusOption
          : projectMessages.noTransition(current, String(wanted)),
      ],
    };
  return {};
}

/** Spec §4 "When Complete, … message, media, schedule, numbers, pricing" are locked: a change to one is refused. */
function checkLocked(attrs: ProjectAttributes, existing: Project | null): FieldErrors {
  if (!existing) return {};
  const errors: FieldErrors = {};
  const status = existing.projectStatus;
  for (const [name, value] of Object.entries(attrs)) {
    if (!isFieldLocked(status, name)) continue;
    const changed =
      name === 'projectPhones' ? Array.isArray(value) && value.length > 0 : !sameValue(value, existing[name]);
    if (changed) errors[name] = [projectMessages.locked(project.fields[name as keyof typeof project.fields].label)];
  }
  return errors;
}

/**
 * A team lead updates projects for one thing (spec §5/§6 "TeamLead: sets quota for external delivery"): the quotas
 * of the texters already on it. Any other change (`quotaFields` aside), a texter added or removed included, is
 * refused on its field. Used by the project and by its parts' own services.
 */
export function checkTeamLead(
  attrs: Record<string, unknown>,
  existing: Row | null,
  viewer: Viewer,
  quotaFields: readonly string[],
): FieldErrors {
  if (viewer.role !== 'TeamLead') return {};
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (quotaFields.includes(name)) continue;
    if (name === 'projectTexters') {
      const rows = (value as { id?: unknown; _destroy?: unknown }[] | null) ?? [];
      if (rows.some((r) => r.id == null || r.id === '' || r._destroy))
        errors[name] = [projectMessages.teamLeadQuotaOnly];
      continue;
    }
    if (!existing || !sameValue(value, existing[name])) errors[name] = [projectMessages.teamLeadQuotaOnly];
  }
  return errors;
}

/**
 * Spec §4: pause and resume are for a Sending Blast project, by a role the restrictions let pause it, through
 * updateProject as through setProjectPaused.
 */
function checkPaused(attrs: ProjectAttributes, existing: Project | null, viewer: Viewer): FieldErrors {
  if (attrs.isPaused == null || Boolean(attrs.isPaused) === Boolean(existing?.isPaused)) return {};
  if (!viewerMayRun(viewer, PAUSE_PROJECT)) return { isPaused: [messages.notAuthorized] };
  const project = {
    projectStatus: existing?.projectStatus ?? NEW_PROJECT_STATUS,
    deliveryType: String(existing?.deliveryType ?? ''),
  };
  return canPauseOrResume(project) ? {} : { isPaused: [projectMessages.pauseOnlySendingBlast] };
}

/** Spec §5: delivery type only by a Client role and only in the Setup group. */
function checkDeliveryType(attrs: ProjectAttributes, existing: Project | null, viewer: Viewer): FieldErrors {
  const current = existing?.deliveryType ?? project.fields.deliveryType.default;
  if (blank(attrs.deliveryType) || attrs.deliveryType === current) return {};
  const status = existing?.projectStatus ?? NEW_PROJECT_STATUS;
  if (canEditDeliveryType(viewer, status)) return {};
  return { deliveryType: [projectMessages.deliveryTypeNotEditable] };
}

/** The project's client as the save leaves it: whose numbers may send. */
function clientOf(attrs: ProjectAttributes, existing: Project | null): number | null {
  const value = 'clientId' in attrs ? attrs.clientId : existing?.clientId;
  return blank(value) ? null : Number(value);
}

/**
 * The sending window ends after it starts (issue 35 §5: an end before the start was taken, and the project then
 * waited for a window that never opens). Read with what the update leaves as it was.
 */
function checkSchedule(attrs: ProjectAttributes, existing: Project | null): FieldErrors {
  const start = 'startAt' in attrs ? attrs.startAt : existing?.startAt;
  const end = 'endAt' in attrs ? attrs.endAt : existing?.endAt;
  if (blank(start) || blank(end)) return {};
  const instant = (v: unknown) => new Date(v instanceof Date ? v : String(v)).getTime();
  return instant(end) > instant(start) ? {} : { endAt: [projectMessages.endBeforeStart] };
}

/** The manager is a member of the organization (users are not a tenant table the generic ref check can read). */
async function checkManager(tx: Tx, attrs: ProjectAttributes, viewer: Viewer): Promise<FieldErrors> {
  if (blank(attrs.managerId)) return {};
  return (await isMember(tx, Number(attrs.managerId), viewer.organizationId))
    ? {}
    : { managerId: ['Manager not found'] };
}

/**
 * Adds what a project page shows beyond its columns: its stage, its list's stored row count, its phones, teams and
 * texters and the viewer's favourite mark, a few queries per page.
 */
async function decorateProjects(tx: Tx, rows: Project[], viewer: Viewer): Promise<void> {
  const org = viewer.organizationId;
  const ids = rows.map((r) => r.id);
  const listIds = rows.flatMap((r) => (r.listId == null ? [] : [r.listId]));
  const listCounts = listIds.length
    ? await tx
        .select({ id: lists.id, n: lists.rowsCount })
        .from(lists)
        .where(and(eq(lists.organizationId, org), inArray(lists.id, listIds)))
    : [];
  const phonesOf = await loadChildren(tx, org, 'projectPhones', ids);
  const teamsOf = await loadChildren(tx, org, 'projectTeams', ids);
  const textersOf = await loadChildren(tx, org, 'projectTexters', ids);
  const favorites = await favoriteIds(tx, viewer, 'projectId', ids);
  for (const r of rows) {
    r.projectStatusGroup = projectStatusGroup(r.projectStatus);
    r.listCount = listCounts.find((l) => l.id === r.listId)?.n ?? 0;
    r.projectPhones = phonesOf.filter((p) => p.projectId === r.id);
    r.projectTeams = teamsOf.filter((p) => p.projectId === r.id);
    r.projectTexters = textersOf.filter((p) => p.projectId === r.id);
    r.isFavorite = favorites.has(r.id);
  }
}

/**
 * Projects through the generic machinery, with the rules of spec §4/§5 that a create or update must keep: the
 * status only inside the Setup group and among the viewer's options, nothing locked changed once Complete, delivery
 * type and quotas only by whom the lifecycle allows, one Active primary phone. The lifecycle actions
 * (loadSendProject, manual transitions) are project-actions.ts.
 */
const generic = createResourceService(project, projects, tableOf, {
  prepare: settle,
  async check(tx, attrs, { viewer, existing }) {
    const status = existing?.projectStatus ?? NEW_PROJECT_STATUS;
    const deliveryType = String(attrs.deliveryType ?? existing?.deliveryType ?? project.fields.deliveryType.default);
    const mayEditQuota = canEditQuota(viewer, { projectStatus: status, deliveryType });
    return {
      ...checkTeamLead(attrs, existing, viewer, []),
      ...checkStatus(attrs, existing, viewer),
      ...checkPaused(attrs, existing, viewer),
      ...checkLocked(attrs, existing),
      ...checkDeliveryType(attrs, existing, viewer),
      ...checkSchedule(attrs, existing),
      ...(await checkManager(tx, attrs, viewer)),
      ...(await checkChildren(tx, viewer, attrs, existing, mayEditQuota, clientOf(attrs, existing))),
    };
  },
  async afterWrite(tx, row, attrs, viewer) {
    await saveChildren(tx, row.id, viewer.organizationId, attrs);
  },
  decorate: decorateProjects,
});

/**
 * A stage (projectStatusGroup, spec §4 "shown as stages") is not a column: a filter on it is the filter on its
 * statuses, so the projects list can show one stage through the status index.
 */
export function stageFilters(args: ListArgs): ListArgs {
  if (!args.filters?.some((f) => f.field === 'projectStatusGroup')) return args;
  const filters = args.filters.map((f): Filter => {
    if (f.field !== 'projectStatusGroup') return f;
    const stages = f.operation === 'In' ? (f.arrayValues ?? []) : [f.value ?? ''];
    if (f.operation !== 'Equal' && f.operation !== 'In')
      throw new ListArgumentError(`Cannot filter projectStatusGroup with ${f.operation}`);
    for (const stage of stages)
      if (!ProjectStatusGroup.is(stage)) throw new ListArgumentError(`Invalid value for projectStatusGroup: ${stage}`);
    const statuses = stages.flatMap((stage) => statusesOfGroup(stage as ProjectStatusGroupValue));
    return { field: 'projectStatus', operation: 'In', arrayValues: statuses };
  });
  return { ...args, filters };
}

export const projectsService: ResourceService = {
  ...generic,
  list: (tx, viewer, args, opts) => generic.list(tx, viewer, stageFilters(args), opts),
};

/** How many projects the viewer may see use the list (its projects tab's count). */
export async function projectsUsingList(tx: Tx, viewer: Viewer, listId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(projects)
    .where(and(projectsService.visibleWhere(viewer), eq(projects.listId, listId)));
  return n;
}
