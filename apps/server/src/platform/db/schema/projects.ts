import { EMPTY_MESSAGE_PLACEHOLDER } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { campaigns } from './campaigns';
import { clients } from './clients';
import {
  areaCodeSelectionEnum,
  campaignTypeEnum,
  deliveryTypeEnum,
  mediaPositionEnum,
  pricingTypeEnum,
  projectCreationStepEnum,
  projectStatusEnum,
  projectTexterStatusEnum,
  projectTypeEnum,
  sendingTypeEnum,
} from './enums';
import { lists } from './lists';
import { organizations } from './organizations';
import { phones } from './phones';
import { teams } from './teams';
import { users } from './users';

/**
 * A message blast: message and media, schedule, sender numbers, a list of recipients and texters.
 * The status group and the counts (list, repeated, seed texts) are derived on read, not stored.
 */
export const projects = pgTable(
  'projects',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    number: text('number'),
    // Spec §5: autosave stores a project before its message is written; the placeholder stands in for it.
    message: text('message').notNull().default(EMPTY_MESSAGE_PLACEHOLDER),
    note: text('note'),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    // The stepper creates projects as Submitted.
    projectStatus: projectStatusEnum('project_status').notNull().default('Submitted'),
    projectType: projectTypeEnum('project_type').notNull(),
    campaignType: campaignTypeEnum('campaign_type').notNull().default('Registered'),
    deliveryType: deliveryTypeEnum('delivery_type').notNull().default('External'),
    sendingType: sendingTypeEnum('sending_type').notNull().default('Auto'),
    areaCodeSelection: areaCodeSelectionEnum('area_code_selection').notNull().default('MostCommonAreaCode'),
    pricingType: pricingTypeEnum('pricing_type').notNull().default('Blended'),
    mediaPosition: mediaPositionEnum('media_position').notNull().default('NoPreference'),
    mediaUrl: text('media_url'),
    mediaFilename: text('media_filename'),
    mediaFiletype: text('media_filetype'),
    mediaSize: integer('media_size'),
    isPaused: boolean('is_paused').notNull().default(false),
    // Why sending paused by itself (every sender blocked by carriers); null when a user paused it or it runs.
    pauseReason: text('pause_reason'),
    // Why the provider is not taking this project's texts right now (they wait and retry until it does, or the
    // project ends); null once it takes them again.
    providerTrouble: text('provider_trouble'),
    clientId: refId('client_id').notNull(),
    managerId: refId('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    agencyId: refId('agency_id'),
    state: varchar('state', { length: 2 }),
    timeZone: text('time_zone'),
    listId: refId('list_id'),
    currentStep: projectCreationStepEnum('current_step'),
    // The background task of the latest load or unload, so the project's screen can follow its progress.
    loadTaskId: refId('load_task_id'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('projects'),
    tenantKey('projects', t),
    // Restrict: a client's projects carry its texts and billing history.
    tenantRef('projects', t, t.clientId, clients, 'restrict'),
    tenantRef('projects', t, t.agencyId, clients, 'restrict'),
    tenantRef('projects', t, t.listId, lists, 'restrict'),
    // The list's sort columns, each (organization_id, column, id): a page is one index range either way.
    index('projects_org_name_idx').on(t.organizationId, t.name, t.id),
    index('projects_org_status_idx').on(t.organizationId, t.projectStatus, t.id),
    index('projects_org_type_idx').on(t.organizationId, t.projectType, t.id),
    index('projects_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('projects_org_start_idx').on(t.organizationId, t.startAt, t.id),
    index('projects_org_client_idx').on(t.organizationId, t.clientId, t.id),
    index('projects_org_agency_idx').on(t.organizationId, t.agencyId),
    index('projects_org_manager_idx').on(t.organizationId, t.managerId),
    index('projects_org_list_idx').on(t.organizationId, t.listId),
    // A colleague following a load finds the project that names its task (platform/jobs/task-access.ts).
    index('projects_org_load_task_idx').on(t.organizationId, t.loadTaskId),
  ],
);

/** A sender number of a project; at most one is primary. */
export const projectPhones = pgTable(
  'project_phones',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    projectId: refId('project_id').notNull(),
    phoneId: refId('phone_id').notNull(),
    campaignId: refId('campaign_id'),
    areaCode: varchar('area_code', { length: 3 }),
    isPrimary: boolean('is_primary').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('project_phones'),
    tenantKey('project_phones', t),
    tenantRef('project_phones', t, t.projectId, projects, 'cascade'),
    tenantRef('project_phones', t, t.phoneId, phones, 'cascade'),
    tenantRef('project_phones', t, t.campaignId, campaigns, 'restrict'),
    uniqueIndex('project_phones_project_phone_key').on(t.organizationId, t.projectId, t.phoneId),
    uniqueIndex('project_phones_one_primary_key')
      .on(t.organizationId, t.projectId)
      .where(sql`${t.isPrimary}`),
    index('project_phones_org_phone_idx').on(t.organizationId, t.phoneId),
  ],
);

/** A team assigned to a project. */
export const projectTeams = pgTable(
  'project_teams',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    projectId: refId('project_id').notNull(),
    teamId: refId('team_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('project_teams'),
    tenantKey('project_teams', t),
    tenantRef('project_teams', t, t.projectId, projects, 'cascade'),
    tenantRef('project_teams', t, t.teamId, teams, 'cascade'),
    uniqueIndex('project_teams_project_team_key').on(t.organizationId, t.projectId, t.teamId),
    index('project_teams_org_team_idx').on(t.organizationId, t.teamId),
  ],
);

/** A texter assigned to a project, with the number of texts they are to send. */
export const projectTexters = pgTable(
  'project_texters',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    projectId: refId('project_id').notNull(),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quota: integer('quota'),
    status: projectTexterStatusEnum('status').notNull().default('Active'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('project_texters'),
    tenantKey('project_texters', t),
    tenantRef('project_texters', t, t.projectId, projects, 'cascade'),
    uniqueIndex('project_texters_project_user_key').on(t.organizationId, t.projectId, t.userId),
    index('project_texters_org_user_idx').on(t.organizationId, t.userId),
  ],
);
