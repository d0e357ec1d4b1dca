import {
  AreaCodeSelection,
  CampaignType,
  DeliveryType,
  MediaPosition,
  PricingType,
  ProjectCreationStep,
  ProjectStatus,
  ProjectStatusGroup,
  ProjectType,
  SendingType,
} from '../enums';
import { children, defineResource, field, oneOf, ref, text } from '../resource';
import { QUOTA_MAX } from './project-parts';

/**
 * A project (spec §3 Project): a message blast with its message, media, schedule, sender numbers, recipients and
 * texters. Its lifecycle (which status allows what) is project-lifecycle.ts; the projects module enforces it. Its
 * phones, teams and texters are edited with it (children rows with _destroy, spec §7) and are also registry
 * resources of their own (projectPhone, projectTeam, projectTexter) for the tabs that list them.
 */
export const project = defineResource({
  name: 'project',
  plural: 'projects',
  typeName: 'Project',
  label: 'Project',
  pluralLabel: 'Projects',
  path: 'projects',
  fields: {
    name: text('Name', { required: true, maxLength: 255 }),
    projectType: oneOf(ProjectType, 'Type', { required: true }),
    clientId: ref('client', 'client', 'Client', { required: true }),
    agencyId: ref('client', 'agency', 'Agency', { where: { clientType: 'Agency' } }),
    // A member of the organization (users are not a tenant table: the projects service checks the membership).
    managerId: ref('user', 'manager', 'Manager', { required: true }),
    // Spec §4: a project created through the stepper starts as Submitted; the lifecycle decides who changes it.
    projectStatus: oneOf(ProjectStatus, 'Status', { required: true, default: 'Submitted' }),
    projectStatusGroup: oneOf(ProjectStatusGroup, 'Stage', { readOnly: true, required: true }),
    number: text('Number', { maxLength: 255 }),
    // Required in the end (spec §5), but autosave submits before it is written: an empty one is stored as a
    // placeholder (project-lifecycle.ts EMPTY_MESSAGE_PLACEHOLDER).
    message: text('Message'),
    note: field('richText', 'Note'),
    campaignType: oneOf(CampaignType, 'Campaign type', { required: true, default: 'Registered' }),
    deliveryType: oneOf(DeliveryType, 'Delivery type', { required: true, default: 'External' }),
    sendingType: oneOf(SendingType, 'Sending type', { required: true, default: 'Auto' }),
    areaCodeSelection: oneOf(AreaCodeSelection, 'Area code selection', {
      required: true,
      default: 'MostCommonAreaCode',
    }),
    pricingType: oneOf(PricingType, 'Pricing type', { required: true, default: 'Blended' }),
    // Spec §5: no preference by default, and again when the media is removed (the projects service resets it).
    mediaPosition: oneOf(MediaPosition, 'Media position', { required: true, default: 'NoPreference' }),
    mediaUrl: text('Media', { linkNamedBy: 'mediaFilename' }),
    mediaFilename: text('Media file name', { maxLength: 255 }),
    mediaFiletype: text('Media type', { maxLength: 255 }),
    mediaSize: field('number', 'Media size', { integer: true, unit: 'bytes' }),
    isPaused: field('boolean', 'Paused'),
    // Set by sending when carriers blocked every sender; cleared on resume. Never written by a user.
    pauseReason: text('Pause reason', { readOnly: true }),
    listId: ref('list', 'list', 'List'),
    state: text('State', { maxLength: 2, placeholder: 'NY', format: 'usState' }),
    timeZone: text('Time zone', { maxLength: 64, placeholder: 'America/New_York' }),
    startAt: field('datetime', 'Start'),
    endAt: field('datetime', 'End'),
    // The stepper's step, saved as the user moves on (spec §2 "The current step is saved on the project").
    currentStep: oneOf(ProjectCreationStep, 'Current step'),
    projectPhones: children('Phones', {
      typeName: 'ProjectPhoneRow',
      rowLabel: 'phone',
      fields: {
        phoneId: field('number', 'Phone', { required: true, integer: true }),
        isPrimary: field('boolean', 'Primary'),
      },
    }),
    projectTeams: children('Teams', {
      typeName: 'ProjectTeamRow',
      rowLabel: 'team',
      fields: { teamId: field('number', 'Team', { required: true, integer: true }) },
    }),
    projectTexters: children('Texters', {
      typeName: 'ProjectTexterRow',
      rowLabel: 'texter',
      fields: {
        userId: field('number', 'Texter', { required: true, integer: true }),
        // Spec §5/§9: a number, max length 10; required on a new project (the projects service checks that).
        quota: field('number', 'Quota', { integer: true, maxLength: 10, max: QUOTA_MAX }),
      },
    }),
    // The list's rows when the project was last read: its list's stored count, never a count(*) of rows.
    listCount: field('number', 'List count', { readOnly: true, required: true, integer: true }),
    createdAt: field('datetime', 'Created', { readOnly: true, required: true }),
  },
  list: {
    columns: ['name', 'projectStatus', 'projectType', 'clientId', 'startAt', 'createdAt'],
    search: 'name',
    sortBy: 'createdAt',
    sortOrder: 'Desc',
    sortable: ['name', 'projectStatus', 'projectType', 'clientId', 'startAt', 'createdAt'],
    exportColumns: [
      'name',
      'number',
      'projectStatus',
      'projectType',
      'clientId',
      'agencyId',
      'deliveryType',
      'campaignType',
      'startAt',
      'endAt',
      'createdAt',
    ],
  },
  sections: [
    {
      title: 'Basic Info',
      path: 'basic-info',
      fields: [
        'name',
        'projectType',
        'clientId',
        'agencyId',
        'managerId',
        'projectStatus',
        'number',
        'message',
        'mediaPosition',
        'note',
      ],
    },
    { title: 'Sender', path: 'sender', fields: ['campaignType', 'areaCodeSelection', 'projectPhones'] },
    { title: 'Schedule', path: 'schedule', fields: ['timeZone', 'startAt', 'endAt'] },
    { title: 'Texters', path: 'texters', fields: ['deliveryType', 'sendingType', 'projectTeams', 'projectTexters'] },
    // The list and its project-level filters: the filters table is its own screen (list-filters), the list here.
    { title: 'Filters', path: 'filters', fields: ['listId'] },
    // The price rows are their own screen (prices); the pricing type is the project's.
    { title: 'Prices', path: 'prices', fields: ['pricingType'] },
  ],
  statusField: 'projectStatus',
  favorite: true,
  menuOrder: 2,
  ownedBy: 'clientId',
  messages: { destroyed: 'The project has been deleted successfully' },
});
