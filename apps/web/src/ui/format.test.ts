import { brand, campaign, client, defineResource, field, project } from '@canvass/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../session/display-zone';
import { displayText, formatDateTime, formatTimeOfDay, recordTitle } from './format';

describe('displayText', () => {
  afterEach(() => setDisplayTimeZone(undefined));
  it("writes date-times as M/D/YYYY hh:mm a (spec §9) in the organization's time zone, named", () => {
    setDisplayTimeZone('America/New_York');
    // 8:00 AM Eastern, whatever the browser's zone (the issue: a UTC browser read '01:00 pm').
    expect(formatDateTime('2026-12-01T13:00:00Z')).toBe('12/1/2026 08:00 am EST');
    expect(displayText(client.fields.createdAt, '2025-07-04T01:30:00Z')).toBe('7/3/2025 09:30 pm EDT');
    expect(formatTimeOfDay('2026-12-01T19:05:00Z')).toBe('14:05');
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatDateTime('2026-12-01T13:00:00Z')).toBe('12/1/2026 05:00 am PST');
  });
  it('writes enum labels, phones, booleans and dates', () => {
    expect(displayText(client.fields.clientType, 'PoliticalActionCommittee')).toBe('Political Action Committee');
    expect(displayText(client.fields.phone, '5552010000')).toBe('(555)-201-0000');
    expect(displayText(campaign.fields.canBuyMorePhones, false)).toBe('No');
    expect(displayText(campaign.fields.startDate, '2025-03-04')).toBe('3/4/2025');
    expect(displayText(brand.fields.throughput, 12)).toBe('12');
    // A media file's size with its unit, not a byte count.
    expect(displayText(project.fields.mediaSize, 150000)).toBe('146 KB');
    expect(displayText(project.fields.mediaSize, 2_500_000)).toBe('2.4 MB');
    expect(displayText(client.fields.email, null)).toBe('');
  });
});

describe('recordTitle', () => {
  it('is the name, or the search field of a resource without one', () => {
    expect(recordTitle(client, { id: '1', name: 'Acme' })).toBe('Acme');
    const line = defineResource({
      name: 'line',
      plural: 'lines',
      typeName: 'Line',
      label: 'Line',
      pluralLabel: 'Lines',
      path: 'lines',
      fields: { number: field('phone', 'Number') },
      list: { columns: ['number'], search: 'number', sortBy: 'number', sortOrder: 'Asc', exportColumns: ['number'] },
      sections: [],
      ownedBy: null,
      messages: { destroyed: '' },
    });
    expect(recordTitle(line, { id: '2', number: '5552010000' })).toBe('(555)-201-0000');
  });
});
