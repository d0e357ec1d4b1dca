import { describe, expect, it } from 'vitest';
import {
  blankValues,
  canAutosave,
  positionOf,
  settleRows,
  stepProblems,
  STEPS,
  toAttributes,
  valuesOf,
} from './stepper-model';

const row = (id: string | null, userId: string, _destroy = false) => ({ id, userId, quota: '10', _destroy });

describe('the stepper form', () => {
  it('waits for name, type, client and manager before anything is saved', () => {
    const filled = { ...blankValues(), name: 'Drive', projectType: 'Research', clientId: '3' };
    expect(canAutosave(filled)).toBe(false);
    expect(canAutosave({ ...filled, managerId: '42' })).toBe(true);
    expect(canAutosave({ ...filled, managerId: '42', name: '  ' })).toBe(false);
  });

  it('gives new rows the ids the save gave them, drops removed ones, keeps rows added meanwhile new', () => {
    const local = [row('1', '7'), row('2', '8', true), row(null, '9'), row(null, '10')];
    const saved = [
      { id: '1', userId: '7' },
      { id: '5', userId: '9' },
    ];
    expect(settleRows(local, saved, 'userId')).toEqual([row('1', '7'), row('5', '9'), row(null, '10')]);
  });

  it('sends removed rows with _destroy, skips texter rows with no texter chosen, and an empty message as it is', () => {
    const v = { ...blankValues(), texters: [row('1', '7', true), row(null, '')] };
    const attrs = toAttributes(v, 'Texters');
    expect(attrs.projectTexters).toEqual([{ id: '1', _destroy: true, userId: '7', quota: '10' }]);
    expect(attrs.message).toBe('');
    expect(attrs.startAt).toBeNull();
  });

  it('continues where the project was left, and shows its stored placeholder message as empty', () => {
    expect(positionOf('Summary')).toBe(2);
    expect(positionOf(null)).toBe(0);
    const saved = valuesOf({
      id: '5',
      name: 'Drive',
      projectType: 'Research',
      clientId: '3',
      client: null,
      agencyId: null,
      agency: null,
      managerId: '42',
      manager: null,
      listId: null,
      message: '-',
      mediaPosition: 'Before',
      mediaUrl: '/api/media/0b7c.png',
      mediaFilename: 'flyer.png',
      mediaFiletype: 'image/png',
      mediaSize: 2048,
      campaignType: 'Registered',
      deliveryType: 'External',
      sendingType: 'Auto',
      areaCodeSelection: 'MostCommonAreaCode',
      pricingType: 'Blended',
      timeZone: 'America/Chicago',
      startAt: '2026-12-01T15:00:00.000Z',
      endAt: '2026-12-01T23:00:00.000Z',
      currentStep: 'Sender',
      projectStatus: 'Submitted',
      projectPhones: [{ id: '2', phoneId: '8', isPrimary: 'true' }],
      projectTeams: [],
      projectTexters: [],
    });
    expect(saved).toMatchObject({ message: '', sendDate: '2026-12-01', startTime: '09:00', endTime: '17:00' });
    expect(saved.phones).toEqual([{ id: '2', phoneId: '8', isPrimary: true, _destroy: false }]);
    expect(saved.media).toEqual({
      url: '/api/media/0b7c.png',
      filename: 'flyer.png',
      filetype: 'image/png',
      size: 2048,
    });
    expect(saved.mediaPosition).toBe('Before');
    // The media is saved by its own route: autosave never sends it.
    expect(Object.keys(toAttributes(saved, 'Sender')).filter((k) => k.startsWith('media'))).toEqual(['mediaPosition']);
  });

  it('keeps Texters from being done with a row without its texter, or a quota the server cannot keep', () => {
    const texters = STEPS.findIndex((s) => s.label === 'Texters');
    const at = (rows: ReturnType<typeof row>[]) => stepProblems(texters, { ...blankValues(), texters: rows });
    expect(at([row(null, '7'), { ...row(null, '', true), quota: '' }])).toEqual([]);
    expect(at([row(null, '7'), { ...row(null, ''), quota: '9999999999' }])).toEqual([
      { field: 'projectTexters.1.userId', messages: ['Texter is required'] },
      { field: 'projectTexters.1.quota', messages: ['Quota must be at most 2,147,483,647'] },
    ]);
    expect(at([{ ...row(null, '7'), quota: '1.5' }])).toEqual([
      { field: 'projectTexters.0.quota', messages: ['Quota must be a whole number'] },
    ]);
  });
});
