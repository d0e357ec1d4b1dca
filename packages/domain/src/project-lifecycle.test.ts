import { describe, expect, it } from 'vitest';
import { ProjectStatus } from './enums';
import {
  allowedActions,
  availableTransitions,
  canEditDeliveryType,
  canEditQuota,
  canPauseOrResume,
  isActionAllowed,
  isFieldLocked,
  isStatusEditable,
  manualTransition,
  projectStatusDisplay,
  projectStatusGroup,
  statusOptionsFor,
  statusesOfGroup,
} from './project-lifecycle';

// Spec §4 word for word, so the table is checked against the spec and not against itself.
const SPEC = {
  ResendTexts: ['Live', 'Sending', 'Complete'],
  CancelProject: ['Approved', 'Assigned', 'Late', 'Live', 'Queued', 'Ready', 'Setup', 'Sending', 'Submitted'],
  ReinstateProject: ['Cancelled'],
  LoadProject: ['Assigned'],
  UnloadProject: ['Sending', 'Live', 'Ready', 'Queued', 'Error', 'ErrorLoading', 'ErrorLoadingWork'],
} as const;

describe('the project lifecycle of spec §4', () => {
  it('puts every status in one group', () => {
    expect(statusesOfGroup('Setup')).toEqual(['Approved', 'Assigned', 'Setup', 'Submitted']);
    expect(statusesOfGroup('Loading')).toEqual([
      'AwaitingLoad',
      'AwaitingUnload',
      'Loading',
      'LoadingWork',
      'Unloading',
    ]);
    expect(statusesOfGroup('Error')).toEqual(['Error', 'ErrorLoading', 'ErrorLoadingWork']);
    expect(ProjectStatus.values.every((s) => projectStatusGroup(s) !== undefined)).toBe(true);
  });

  it('shows Setup, Submitted and Assigned as Draft, the load as Loading or Unloading, and pulses Sending', () => {
    for (const s of ['Setup', 'Submitted', 'Assigned'] as const) expect(projectStatusDisplay(s).label).toBe('Draft');
    for (const s of ['AwaitingLoad', 'Loading', 'LoadingWork'] as const)
      expect(projectStatusDisplay(s).label).toBe('Loading');
    for (const s of ['AwaitingUnload', 'Unloading'] as const) expect(projectStatusDisplay(s).label).toBe('Unloading');
    expect(ProjectStatus.values.filter((s) => projectStatusDisplay(s).pulse)).toEqual(['Sending']);
  });

  it.each(Object.entries(SPEC))('allows %s exactly where the spec says', (action, statuses) => {
    const allowed = ProjectStatus.values.filter((s) => isActionAllowed(action as keyof typeof SPEC, s));
    expect(allowed.sort()).toEqual([...statuses].sort());
  });

  it('offers an actions menu per status', () => {
    expect(allowedActions('Cancelled')).toEqual(['ReinstateProject']);
    expect(allowedActions('Assigned')).toEqual(['CancelProject', 'LoadProject', 'TestText']);
    expect(allowedActions('Loading')).toEqual([]);
  });

  it('has the manual transitions, Live for the staff account only', () => {
    expect(manualTransition('Submitted', 'Approved')?.label).toBe('Project Approved');
    expect(manualTransition('Approved', 'Assigned')?.label).toBe('Project Assigned');
    expect(manualTransition('Ready', 'Live')?.label).toBe('Project Live');
    expect(manualTransition('Queued', 'Live')?.staffOnly).toBe(true);
    expect(manualTransition('Submitted', 'Assigned')).toBeUndefined();
    expect(availableTransitions('Ready', false)).toEqual([]);
    expect(availableTransitions('Ready', true).map((t) => t.to)).toEqual(['Live']);
  });

  it('pauses only a Sending Blast project', () => {
    expect(canPauseOrResume({ projectStatus: 'Sending', deliveryType: 'Blast' })).toBe(true);
    expect(canPauseOrResume({ projectStatus: 'Sending', deliveryType: 'External' })).toBe(false);
    expect(canPauseOrResume({ projectStatus: 'Live', deliveryType: 'Blast' })).toBe(false);
  });

  it('edits the status only in the Setup group, a client between Approved and Submitted only', () => {
    expect(ProjectStatus.values.filter(isStatusEditable).sort()).toEqual([
      'Approved',
      'Assigned',
      'Setup',
      'Submitted',
    ]);
    expect(statusOptionsFor('Client', 'Submitted')).toEqual(['Approved', 'Submitted']);
    expect(statusOptionsFor('Client', 'Assigned')).toEqual([]);
    expect(statusOptionsFor('Manager', 'Ready')).toEqual([]);
  });

  it('locks message, media, schedule, numbers and pricing when Complete', () => {
    for (const f of ['message', 'mediaUrl', 'startAt', 'endAt', 'projectPhones', 'pricingType'])
      expect(isFieldLocked('Complete', f), f).toBe(true);
    expect(isFieldLocked('Complete', 'name')).toBe(false);
    expect(isFieldLocked('Live', 'message')).toBe(false);
  });

  it('gives the quota to a team lead for External, a client for Internal, nobody in the Ready group', () => {
    const lead = { role: 'TeamLead' as const, isAdmin: false };
    const client = { role: 'Client' as const, isAdmin: false };
    expect(canEditQuota(lead, { projectStatus: 'Assigned', deliveryType: 'External' })).toBe(true);
    expect(canEditQuota(client, { projectStatus: 'Assigned', deliveryType: 'External' })).toBe(false);
    expect(canEditQuota(client, { projectStatus: 'Assigned', deliveryType: 'Internal' })).toBe(true);
    expect(canEditQuota(lead, { projectStatus: 'Ready', deliveryType: 'External' })).toBe(false);
    expect(canEditDeliveryType(client, 'Submitted')).toBe(true);
    expect(canEditDeliveryType(client, 'Ready')).toBe(false);
    expect(canEditDeliveryType(lead, 'Submitted')).toBe(false);
    // Spec §5: a Client role only; an admin sees it but does not choose it (issue 35).
    expect(canEditDeliveryType({ role: 'Admin' }, 'Submitted')).toBe(false);
  });
});
