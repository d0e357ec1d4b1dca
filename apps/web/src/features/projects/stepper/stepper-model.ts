import {
  checkFieldValue,
  EMPTY_MESSAGE_PLACEHOLDER,
  fieldErrorsSummary,
  messages,
  phoneNumberMessages,
  project,
} from '@canvass/domain';
import type { ProjectAttributes, ProjectCreationStep, StepperProjectFieldsFragment } from '../../../gql/graphql';
import { placeServerErrors } from '../../../ui/form/server-errors';
import type { FieldError } from '../../../ui/types';
import { mediaOfRecord } from '../message-editor/project-media';
import type { MediaValue } from '../message-editor/media-field';
import { zonedInstant, zonedParts } from './zoned-time';

/**
 * The stepper's form as pure data: its steps, its values, what autosave sends and how a saved project fills it.
 * The rules themselves (quota, delivery type, status) are the server's and the domain lifecycle's.
 */

/** Each screen of the stepper; List Import has two sub-steps (spec §2). `saved` is its ProjectCreationStep. */
export const STEPS = [
  { label: 'Basic Info', sub: null, saved: 'BasicInfo' },
  { label: 'List Import', sub: 'Setup', saved: 'Setup' },
  { label: 'List Import', sub: 'Summary', saved: 'Summary' },
  { label: 'Sender', sub: null, saved: 'Sender' },
  { label: 'Sending Schedule', sub: null, saved: 'SendingSchedule' },
  { label: 'Texters', sub: null, saved: 'Texters' },
  // The creation steps have no name for the test: a project left there continues at Texters, one Next away.
  { label: 'Test Text', sub: null, saved: 'Texters' },
] as const satisfies readonly { label: string; sub: string | null; saved: ProjectCreationStep }[];

/** The top-level steps shown in the stepper header, in order. */
export const STEP_LABELS = [...new Set(STEPS.map((s) => s.label))];

/** Where a saved project continues (its currentStep); a project without one starts at Basic Info. */
export function positionOf(step: ProjectCreationStep | null | undefined): number {
  // Message is a creation step of the spec's enum; the message is written on Basic Info here.
  if (step === 'Message') return 0;
  const at = STEPS.findIndex((s) => s.saved === step);
  return at < 0 ? 0 : at;
}

export interface PhoneRow {
  id: string | null;
  phoneId: string;
  isPrimary: boolean;
  _destroy: boolean;
}
export interface TeamRow {
  id: string | null;
  teamId: string;
  _destroy: boolean;
}
export interface TexterRow {
  id: string | null;
  userId: string;
  quota: string;
  _destroy: boolean;
}

export interface StepperValues {
  name: string;
  projectType: string | null;
  clientId: string | null;
  agencyId: string | null;
  managerId: string | null;
  message: string;
  /** Saved by the media route as soon as it is chosen, never by autosave. */
  media: MediaValue | null;
  mediaPosition: string;
  campaignType: string;
  pricingType: string;
  listId: string | null;
  areaCodeSelection: string;
  deliveryType: string;
  sendingType: string;
  timeZone: string | null;
  sendDate: string;
  startTime: string;
  endTime: string;
  phones: PhoneRow[];
  teams: TeamRow[];
  texters: TexterRow[];
}

const defaultOf = (name: keyof typeof project.fields): string => {
  const f = project.fields[name] as { default?: unknown };
  return typeof f.default === 'string' ? f.default : '';
};

/** A new project's form: the registry's defaults (spec §9: Registered, Blended, External, no preference …). */
export function blankValues(): StepperValues {
  return {
    name: '',
    projectType: null,
    clientId: null,
    agencyId: null,
    managerId: null,
    message: '',
    media: null,
    mediaPosition: defaultOf('mediaPosition'),
    campaignType: defaultOf('campaignType'),
    pricingType: defaultOf('pricingType'),
    listId: null,
    areaCodeSelection: defaultOf('areaCodeSelection'),
    deliveryType: defaultOf('deliveryType'),
    sendingType: defaultOf('sendingType'),
    timeZone: null,
    sendDate: '',
    startTime: '',
    endTime: '',
    phones: [],
    teams: [],
    texters: [],
  };
}

/** Spec §5: what a project needs before autosave submits it. */
const REQUIRED_BEFORE_SAVE = ['name', 'projectType', 'clientId', 'managerId'] as const;

/** The fields autosave still waits for, each with the registry's words ('Name is required'), as the server says. */
export function missingBeforeSave(v: StepperValues): FieldError[] {
  return REQUIRED_BEFORE_SAVE.filter((f) => !v[f]?.trim()).map((field) => ({
    field,
    messages: [messages.required(project.fields[field].label)],
  }));
}

/**
 * What a step still lacks before Next may mark it done (issue 35 §5: List Import moved on with no list, Sender
 * with no number, Texters with an empty row), in the spec's words, by the fields the steps show them on.
 */
export function stepProblems(position: number, v: StepperValues): FieldError[] {
  switch (STEPS[position]?.saved) {
    case 'Setup':
      return v.listId ? [] : [{ field: 'listId', messages: [messages.required(project.fields.listId.label)] }];
    case 'Sender':
      return v.phones.some((r) => !r._destroy)
        ? []
        : [{ field: 'projectPhones', messages: [phoneNumberMessages.selectPhone] }];
    case 'Texters':
      return v.texters.flatMap((r, i) => (r._destroy ? [] : texterRowProblems(r, i)));
    default:
      return [];
  }
}

/** A texter row needs its texter, and a quota the server can keep (the same field rules the server checks). */
function texterRowProblems(r: TexterRow, i: number): FieldError[] {
  const problems: FieldError[] = [];
  if (!r.userId) problems.push({ field: `projectTexters.${i}.userId`, messages: [messages.required('Texter')] });
  const quota = checkFieldValue(project.fields.projectTexters.fields.quota, r.quota);
  if (quota) problems.push({ field: `projectTexters.${i}.quota`, messages: [quota] });
  return problems;
}

/** Spec §2: autosave submits once name, projectType, clientId and managerId are set. */
export function canAutosave(v: StepperValues): boolean {
  return missingBeforeSave(v).length === 0;
}

/** A saved project as the form edits it; its stored placeholder message shows as empty. */
export function valuesOf(p: StepperProjectFieldsFragment): StepperValues {
  const zone = p.timeZone ?? '';
  const start = zonedParts(p.startAt, zone);
  const end = zonedParts(p.endAt, zone);
  return {
    name: p.name,
    projectType: p.projectType,
    clientId: p.clientId,
    agencyId: p.agencyId,
    managerId: p.managerId,
    message: p.message === EMPTY_MESSAGE_PLACEHOLDER ? '' : (p.message ?? ''),
    media: mediaOfRecord(p),
    mediaPosition: p.mediaPosition,
    campaignType: p.campaignType,
    pricingType: p.pricingType,
    listId: p.listId,
    areaCodeSelection: p.areaCodeSelection,
    deliveryType: p.deliveryType,
    sendingType: p.sendingType,
    timeZone: p.timeZone,
    sendDate: start?.date ?? '',
    startTime: start?.time ?? '',
    endTime: end?.time ?? '',
    phones: p.projectPhones.map((r) => ({
      id: r.id,
      phoneId: r.phoneId,
      isPrimary: r.isPrimary === 'true',
      _destroy: false,
    })),
    teams: p.projectTeams.map((r) => ({ id: r.id, teamId: r.teamId, _destroy: false })),
    texters: p.projectTexters.map((r) => ({ id: r.id, userId: r.userId, quota: r.quota ?? '', _destroy: false })),
  };
}

const orNull = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());
const rowId = (r: { id: string | null; _destroy: boolean }) =>
  r.id === null ? {} : r._destroy ? { id: r.id, _destroy: true } : { id: r.id };

/**
 * What a save sends: every field of the form (an empty message too: the server stores its placeholder), the
 * schedule as instants in the chosen zone, and the rows with ids and _destroy (spec §7). Row indexes are the form's,
 * so the server's row errors (`projectTexters.0.quota`) land on the row they are about.
 */
export function toAttributes(v: StepperValues, currentStep: ProjectCreationStep): ProjectAttributes {
  const zone = v.timeZone ?? '';
  return {
    name: v.name.trim(),
    projectType: v.projectType as ProjectAttributes['projectType'],
    clientId: v.clientId,
    agencyId: v.agencyId,
    managerId: v.managerId,
    message: v.message,
    mediaPosition: v.mediaPosition as ProjectAttributes['mediaPosition'],
    campaignType: v.campaignType as ProjectAttributes['campaignType'],
    pricingType: v.pricingType as ProjectAttributes['pricingType'],
    listId: v.listId,
    areaCodeSelection: v.areaCodeSelection as ProjectAttributes['areaCodeSelection'],
    deliveryType: v.deliveryType as ProjectAttributes['deliveryType'],
    sendingType: v.sendingType as ProjectAttributes['sendingType'],
    timeZone: orNull(v.timeZone),
    startAt: zonedInstant(v.sendDate, v.startTime, zone),
    endAt: zonedInstant(v.sendDate, v.endTime, zone),
    currentStep,
    projectPhones: v.phones.map((r) => ({ ...rowId(r), phoneId: r.phoneId, isPrimary: String(r.isPrimary) })),
    projectTeams: v.teams.map((r) => ({ ...rowId(r), teamId: r.teamId })),
    projectTexters: v.texters
      // A row whose texter is not chosen yet is not a texter: nothing to send.
      .filter((r) => r.id !== null || r.userId !== '')
      .map((r) => ({ ...rowId(r), userId: r.userId, quota: orNull(r.quota) })),
  } as ProjectAttributes;
}

type Row = { id: string | null; _destroy: boolean };

/**
 * The form's rows after a save: rows the save removed are gone, new rows take the id the server gave the row with
 * their key, so the next autosave updates them instead of adding them again. Rows added while the save was on its
 * way stay new.
 */
export function settleRows<K extends string, R extends Row & Record<K, unknown>>(
  local: readonly R[],
  saved: readonly ({ id: string } & Record<K, unknown>)[],
  key: K,
): R[] {
  const savedIds = new Set(saved.map((s) => s.id));
  const taken = new Set(local.filter((r) => r.id !== null).map((r) => r.id));
  const out: R[] = [];
  for (const r of local) {
    if (r.id !== null) {
      if (savedIds.has(r.id)) out.push(r);
      continue;
    }
    const match = saved.find((s) => !taken.has(s.id) && String(s[key]) === String(r[key]));
    if (match) taken.add(match.id);
    out.push(match ? { ...r, id: match.id } : r);
  }
  return out;
}

/** The form after a save answered with the project: only the rows' ids change, never what the user typed. */
export function settleValues(v: StepperValues, p: StepperProjectFieldsFragment): StepperValues {
  return {
    ...v,
    phones: settleRows(v.phones, p.projectPhones, 'phoneId'),
    teams: settleRows(v.teams, p.projectTeams, 'teamId'),
    texters: settleRows(v.texters, p.projectTexters, 'userId'),
  };
}

/** Spec §8: the stepper's 'Error' toast lists each field's message, the field in words ('Name is required.'). */
export function stepperErrorText(errors: readonly FieldError[]): string {
  return fieldErrorsSummary(project, errors);
}

/** The server's errors by the form's field names (a ref error may name `client` rather than `clientId`). */
export function fieldErrorsOf(errors: readonly FieldError[]): Record<string, string> {
  const { onFields, elsewhere } = placeServerErrors(project, errors, Object.keys(project.fields));
  const out: Record<string, string> = { ...onFields };
  for (const e of elsewhere) out[e.field] = e.messages.join(' ');
  return out;
}
