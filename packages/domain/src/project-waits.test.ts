import { describe, expect, it } from 'vitest';
import { ProjectStatus } from './enums';
import { projectStatusGroup } from './project-lifecycle';
import { deliveryTypeHelp, projectWaits, type ProjectWaitFacts, type WaitingSender } from './project-waits';
import { defaultQuietHours } from './quiet-hours';

// Wednesday 2026-07-15, 9am in New York (EDT, UTC-4): inside the default window for 212; 6am in Los Angeles (213).
const NOW = new Date('2026-07-15T13:00:00Z');
const NEXT_DAY = new Date('2026-07-16T04:00:00Z');

const sender = (over: Partial<WaitingSender> = {}): WaitingSender => ({
  number: '2125550100',
  phoneStatus: 'Active',
  simulated: false,
  dailyCap: null,
  usedToday: 0,
  nextDayAt: NEXT_DAY,
  ...over,
});

const facts = (over: Partial<ProjectWaitFacts> = {}): ProjectWaitFacts => ({
  projectStatus: 'Queued',
  deliveryType: 'Blast',
  isPaused: false,
  pauseReason: null,
  providerTrouble: null,
  startAt: null,
  readyTexts: 3,
  senders: [sender()],
  areaCodes: ['212'],
  quietHours: defaultQuietHours,
  now: NOW,
  ...over,
});

const kinds = (over: Partial<ProjectWaitFacts>) => projectWaits(facts(over)).map((w) => w.kind);

describe('what a project waits for', () => {
  it('a project of the default delivery type (External), loaded or sent, waits for texters and says who acts where', () => {
    for (const projectStatus of ['Ready', 'Queued', 'Live'] as const) {
      const [wait, ...others] = projectWaits(facts({ projectStatus, deliveryType: 'External' }));
      expect(others).toEqual([]);
      expect(wait.kind).toBe('Texters');
      expect(wait.message).toContain('External delivery');
      expect(wait.actor).toContain('client');
      expect(wait.action).toContain('Unload Project');
      expect(wait.action).toContain('Edit → Texters');
    }
    expect(projectWaits(facts({ deliveryType: 'Internal' }))[0].message).toContain('Internal delivery');
  });

  it('a Queued project always names something, even when nothing holds it back', () => {
    expect(kinds({ projectStatus: 'Queued' })).toEqual(['Dispatch']);
    expect(kinds({ projectStatus: 'Queued', readyTexts: 0, senders: [] })).toEqual(['Dispatch']);
  });

  it('a loaded Blast not sent yet waits for Send Texts; one sending unhindered waits for nothing', () => {
    expect(kinds({ projectStatus: 'Ready' })).toEqual(['SendTexts']);
    expect(kinds({ projectStatus: 'Live' })).toEqual(['SendTexts']);
    expect(kinds({ projectStatus: 'Sending' })).toEqual([]);
  });

  it('says nothing outside the Ready group: a project being set up, loaded or finished', () => {
    for (const projectStatus of ProjectStatus.values.filter((s) => projectStatusGroup(s) !== 'Ready'))
      expect(kinds({ projectStatus, deliveryType: 'External' }), projectStatus).toEqual([]);
  });

  it('a pause, with the reason sending gave or a user pause', () => {
    const [byCarriers] = projectWaits(facts({ isPaused: true, pauseReason: 'Sending paused: carriers blocked.' }));
    expect(byCarriers).toMatchObject({ kind: 'Paused', message: 'Sending paused: carriers blocked.' });
    expect(byCarriers.action).toContain('Edit → Sender');
    const [byUser] = projectWaits(facts({ isPaused: true }));
    expect(byUser.action).toBe('Choose Resume in the Actions menu on this page.');
  });

  it('a failing provider, with its reason', () => {
    const [wait] = projectWaits(facts({ providerTrouble: 'Service unavailable' }));
    expect(wait.kind).toBe('Provider');
    expect(wait.message).toContain('Service unavailable');
  });

  it('senders none of which is active, named with their status', () => {
    const [wait] = projectWaits(facts({ senders: [sender({ phoneStatus: 'Blocked' })] }));
    expect(wait.kind).toBe('Senders');
    expect(wait.message).toContain('(212)-555-0100 Blocked');
    expect(kinds({ senders: [sender({ phoneStatus: 'Blocked' }), sender({ number: '2125550101' })] })).toEqual([
      'Dispatch',
    ]);
  });

  it('a start time still to come, until then', () => {
    const startAt = new Date('2026-07-16T14:00:00Z');
    expect(projectWaits(facts({ startAt }))).toEqual([expect.objectContaining({ kind: 'Schedule', until: startAt })]);
    expect(kinds({ startAt: new Date('2026-07-15T12:00:00Z') })).toEqual(['Dispatch']);
  });

  it('senders that reached their daily cap, until the next day', () => {
    const capped = sender({ dailyCap: 100, usedToday: 100 });
    const [all] = projectWaits(facts({ senders: [capped] }));
    expect(all).toMatchObject({ kind: 'DailyCap', until: NEXT_DAY });
    expect(all.message).toContain('Every sender number');
    const [some] = projectWaits(facts({ senders: [capped, sender({ dailyCap: 100, usedToday: 99 })] }));
    expect(some.message).toContain('1 of its 2 sender numbers');
    expect(kinds({ senders: [sender({ dailyCap: 100, usedToday: 99 })] })).toEqual(['Dispatch']);
  });

  it("quiet hours in the recipients' local time, until the window opens; not for the Simulator's numbers", () => {
    // 6am in Los Angeles: 213 waits until 8am PDT (15:00Z); 212 is open.
    const [wait] = projectWaits(facts({ areaCodes: ['212', '213'] }));
    expect(wait).toMatchObject({ kind: 'QuietHours', until: new Date('2026-07-15T15:00:00Z') });
    expect(wait.message).toContain('1 of its 2');
    expect(kinds({ areaCodes: ['213'], senders: [sender({ simulated: true })] })).toEqual(['Dispatch']);
    expect(kinds({ areaCodes: ['213'], quietHours: null })).toEqual(['Dispatch']);
    // Judged at the start time when that is later: 10pm in New York is outside the window.
    const late = new Date('2026-07-16T02:00:00Z');
    expect(kinds({ startAt: late })).toEqual(['Schedule', 'QuietHours']);
  });
});

describe('the delivery types explained', () => {
  it('says which type sends by itself and which waits for texters', () => {
    expect(deliveryTypeHelp.Blast).toContain('Canvass sends every text itself');
    expect(deliveryTypeHelp.External).toContain('not available yet');
    expect(deliveryTypeHelp.Internal).toContain('not available yet');
  });
});
