import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBandwidthMock, type BandwidthMock } from '../../../../../test/mocks/bandwidth-mock';
import { createBandwidthProvider } from './bandwidth';
import { NumberOperationError, type MessagingProvider } from '../messaging-provider';

const credentials = {
  accountId: '9900001',
  apiUser: 'numbers-user',
  apiPassword: 'numbers-password',
  callbackUser: 'callback-user',
  callbackPassword: 'callback-password',
};
const settings = {
  BANDWIDTH_ACCOUNT_ID: credentials.accountId,
  BANDWIDTH_APPLICATION_ID: 'app-1',
  BANDWIDTH_API_USER: credentials.apiUser,
  BANDWIDTH_API_PASSWORD: credentials.apiPassword,
  BANDWIDTH_SITE_ID: '4410',
  BANDWIDTH_LOCATION_ID: '8821',
};

let mock: BandwidthMock;
let bandwidth: MessagingProvider;

beforeAll(async () => {
  mock = await startBandwidthMock(credentials);
  bandwidth = createBandwidthProvider(settings, { baseUrl: mock.url });
  mock.numbers.offer('9195550101', '9195550102', '2125550103');
});
afterAll(() => mock.close());

describe('Bandwidth numbers (Dashboard API)', () => {
  it('searches the numbers for sale in an area code', async () => {
    expect(await bandwidth.searchNumbers!('919', 10)).toEqual(['+19195550101', '+19195550102']);
    const asked = mock.requests.at(-1)!;
    expect(asked.url.pathname).toBe(`/dashboard/api/accounts/${credentials.accountId}/availableNumbers`);
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({ areaCode: '919', quantity: '10' });
    expect(asked.headers.authorization).toBe(
      `Basic ${Buffer.from(`${credentials.apiUser}:${credentials.apiPassword}`).toString('base64')}`,
    );
    expect(await bandwidth.searchNumbers!('415', 10)).toEqual([]);
    // One number found comes back as a single element, not a list.
    expect(await bandwidth.searchNumbers!('212', 10)).toEqual(['+12125550103']);
  });

  it("orders a number into the brand's site and location; it verifies once Bandwidth completes the order", async () => {
    const { providerNumberId } = await bandwidth.buyNumber!('+19195550101');
    const [order] = mock.numbers.orders;
    expect(order).toEqual({ id: providerNumberId, siteId: '4410', peerId: '8821', numbers: ['9195550101'] });
    expect(mock.requests.at(-1)!.headers['content-type']).toContain('application/xml');
    expect(await bandwidth.verifyNumber!('+19195550101')).toEqual({
      ok: false,
      pending: true,
      reason: 'Bandwidth does not have this number in service (yet)',
    });
    mock.numbers.completeOrders();
    expect(await bandwidth.verifyNumber!('+19195550101')).toEqual({ ok: true });
  });

  it("refuses a number that is not for sale with Bandwidth's description", async () => {
    const buying = bandwidth.buyNumber!('+19195550199');
    await expect(buying).rejects.toBeInstanceOf(NumberOperationError);
    await expect(buying).rejects.toThrow('Bandwidth 400: Telephone number 9195550199 is not available');
  });

  it('disconnects a released number', async () => {
    await bandwidth.releaseNumber!('+19195550101');
    const asked = mock.requests.at(-1)!;
    expect(asked.url.pathname).toBe(`/dashboard/api/accounts/${credentials.accountId}/disconnects`);
    expect(asked.rawBody.toString('utf8')).toContain('<TelephoneNumber>9195550101</TelephoneNumber>');
    expect(mock.numbers.inService()).toEqual([]);
    expect((await bandwidth.verifyNumber!('+19195550101')).ok).toBe(false);
  });
});
