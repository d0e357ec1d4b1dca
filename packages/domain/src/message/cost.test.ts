import { describe, expect, it } from 'vitest';
import {
  applicablePrice,
  DEFAULT_PRICES,
  estimateCost,
  estimatedRecipients,
  messagingServiceTypeFor,
  type PriceRowLike,
} from './cost';

const row = (over: Partial<PriceRowLike>): PriceRowLike => ({
  price: '0.0300',
  messagingServiceType: 'SMS',
  campaignType: 'Registered',
  isSent: true,
  startAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const at = new Date('2026-11-25T12:00:00Z');
const sms = { messagingServiceType: 'SMS', campaignType: 'Registered', at } as const;

describe('applicablePrice', () => {
  it('no row: the §9 default, 0.035 sent and 0.02 received, said to be the default', () => {
    expect(applicablePrice([], sms)).toEqual({ units: 350n, price: '0.0350', level: 'default', startAt: null });
    expect(applicablePrice([], { ...sms, isSent: false })).toMatchObject({ price: '0.0200', level: 'default' });
    expect(DEFAULT_PRICES).toEqual({ sent: '0.0350', received: '0.0200' });
  });

  it('the organization row applies when it is the only one', () => {
    expect(applicablePrice([row({ price: '0.0310' })], sms)).toEqual({
      units: 310n,
      price: '0.0310',
      level: 'organization',
      startAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('most specific wins: project over client over organization, whatever their start dates', () => {
    const org = row({ price: '0.0100', startAt: '2026-11-01T00:00:00Z' });
    const client = row({ price: '0.0200', clientId: '7', startAt: '2026-02-01T00:00:00Z' });
    const project = row({ price: '0.0300', projectId: '9', clientId: '7', startAt: '2026-01-01T00:00:00Z' });
    expect(applicablePrice([org, client, project], sms)).toMatchObject({ price: '0.0300', level: 'project' });
    expect(applicablePrice([org, client], sms)).toMatchObject({ price: '0.0200', level: 'client' });
  });

  it('within a level, the latest start on or before the time of pricing; future rows wait', () => {
    const rows = [
      row({ price: '0.0100', startAt: '2026-01-01T00:00:00Z' }),
      row({ price: '0.0200', startAt: '2026-11-25T12:00:00Z' }),
      row({ price: '0.0300', startAt: '2026-06-01T00:00:00Z' }),
      row({ price: '0.0400', startAt: '2026-12-01T00:00:00Z' }),
    ];
    expect(applicablePrice(rows, sms).price).toBe('0.0200');
    expect(applicablePrice(rows, { ...sms, at: new Date('2026-11-25T11:59:59Z') }).price).toBe('0.0300');
  });

  it('a future project row does not hide a current client row', () => {
    const rows = [row({ price: '0.09', projectId: '9', startAt: '2027-01-01' }), row({ price: '0.02', clientId: '7' })];
    expect(applicablePrice(rows, sms)).toMatchObject({ price: '0.0200', level: 'client' });
  });

  it('only rows of the same service type, campaign type and direction', () => {
    const rows = [
      row({ price: '0.5000', messagingServiceType: 'MMS' }),
      row({ price: '0.6000', campaignType: 'Unregistered' }),
      row({ price: '0.7000', isSent: false }),
    ];
    expect(applicablePrice(rows, sms).level).toBe('default');
    expect(applicablePrice(rows, { ...sms, messagingServiceType: 'MMS' }).price).toBe('0.5000');
    expect(applicablePrice(rows, { ...sms, campaignType: 'Unregistered' }).price).toBe('0.6000');
    expect(applicablePrice(rows, { ...sms, isSent: false }).price).toBe('0.7000');
  });

  it('rows without a usable price are ignored', () => {
    expect(applicablePrice([row({ price: null }), row({ price: 'n/a' })], sms).level).toBe('default');
  });

  it('takes Date start times too', () => {
    expect(applicablePrice([row({ startAt: new Date('2026-03-01T00:00:00Z') })], sms).startAt).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });
});

describe('estimatedRecipients (spec §9 pricing type)', () => {
  it('Blended: every eligible recipient; Optimized: the optimized rows', () => {
    expect(estimatedRecipients('Blended', { eligible: 1000, optimized: 700 })).toBe(1000);
    expect(estimatedRecipients('Optimized', { eligible: 1000, optimized: 700 })).toBe(700);
  });

  it('Optimized never counts more than the eligible recipients', () => {
    expect(estimatedRecipients('Optimized', { eligible: 500, optimized: 700 })).toBe(500);
  });
});

describe('messagingServiceTypeFor', () => {
  it('MMS with media, SMS without', () => {
    expect(messagingServiceTypeFor(true)).toBe('MMS');
    expect(messagingServiceTypeFor(false)).toBe('SMS');
  });
});

describe('estimateCost', () => {
  const price = applicablePrice([], sms); // 0.035

  it('SMS: price × segments × recipients, to the cent', () => {
    expect(estimateCost({ recipients: 1000, segments: 2, messagingServiceType: 'SMS', price })).toEqual({
      recipients: 1000,
      billedPerText: 2,
      unitPrice: '0.0350',
      totalUnits: 700000n,
      total: '70.00',
    });
  });

  it('MMS: price per message, whatever the segments', () => {
    const mms = applicablePrice([row({ messagingServiceType: 'MMS', price: '0.0525' })], {
      ...sms,
      messagingServiceType: 'MMS',
    });
    expect(estimateCost({ recipients: 3, segments: 5, messagingServiceType: 'MMS', price: mms })).toMatchObject({
      billedPerText: 1,
      total: '0.16', // 0.1575
    });
  });

  it('exact where floats are not: 3 texts of 0.035 are 0.105, shown 0.11', () => {
    expect(estimateCost({ recipients: 3, segments: 1, messagingServiceType: 'SMS', price }).total).toBe('0.11');
  });

  it('a million recipients of 3 segments at 0.0351', () => {
    const p = applicablePrice([row({ price: '0.0351' })], sms);
    expect(estimateCost({ recipients: 1_000_000, segments: 3, messagingServiceType: 'SMS', price: p }).total).toBe(
      '105300.00',
    );
  });

  it('a count not known yet (NaN) or negative estimates nothing', () => {
    expect(estimateCost({ recipients: Number.NaN, segments: 1, messagingServiceType: 'SMS', price }).total).toBe(
      '0.00',
    );
    expect(estimateCost({ recipients: -5, segments: 1, messagingServiceType: 'SMS', price }).total).toBe('0.00');
    expect(estimateCost({ recipients: 5, segments: Number.NaN, messagingServiceType: 'SMS', price }).total).toBe(
      '0.00',
    );
  });

  it('nothing to pay for no recipients or an empty SMS', () => {
    expect(estimateCost({ recipients: 0, segments: 2, messagingServiceType: 'SMS', price }).total).toBe('0.00');
    expect(estimateCost({ recipients: 10, segments: 0, messagingServiceType: 'SMS', price }).total).toBe('0.00');
  });
});
