import { brand, campaign, client, defineResource, field } from '@canvass/domain';
import { describe, expect, it } from 'vitest';
import { displayText, formatDateTime, recordTitle } from './format';

describe('displayText', () => {
  it('writes date-times as M/D/YYYY hh:mm a (spec §9)', () => {
    expect(formatDateTime('2025-03-04T09:05:00')).toBe('3/4/2025 09:05 am');
    expect(displayText(client.fields.createdAt, '2025-12-24T21:30:00')).toBe('12/24/2025 09:30 pm');
  });
  it('writes enum labels, phones, booleans and dates', () => {
    expect(displayText(client.fields.clientType, 'PoliticalActionCommittee')).toBe('Political Action Committee');
    expect(displayText(client.fields.phone, '5552010000')).toBe('(555)-201-0000');
    expect(displayText(campaign.fields.canBuyMorePhones, false)).toBe('No');
    expect(displayText(campaign.fields.startDate, '2025-03-04')).toBe('3/4/2025');
    expect(displayText(brand.fields.throughput, 12)).toBe('12');
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
