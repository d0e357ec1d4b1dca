import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioMock, type TwilioMock } from '../../../../../test/mocks/twilio-mock';
import { NumberOperationError, type MessagingProvider } from '../messaging-provider';
import { createTwilioProvider } from './twilio';

const accountSid = 'AC00000000000000000000000000000002';
const authToken = 'twilio-numbers-token';

let mock: TwilioMock;
let twilio: MessagingProvider;

beforeAll(async () => {
  mock = await startTwilioMock(accountSid, authToken);
  twilio = createTwilioProvider(
    { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken },
    { baseUrl: mock.url, publicUrl: 'https://canvass.example.org/' },
  );
  mock.numbers.offer('+12125550101', '+12125550102', '+13105550103', '+13105550104');
});
afterAll(() => mock.close());

describe('Twilio numbers', () => {
  it('searches the SMS-capable local numbers of an area code', async () => {
    expect(await twilio.searchNumbers!('212', 10)).toEqual(['+12125550101', '+12125550102']);
    const asked = mock.requests.at(-1)!;
    expect(asked.method).toBe('GET');
    expect(asked.url.pathname).toBe(
      `/api.twilio.com/2010-04-01/Accounts/${accountSid}/AvailablePhoneNumbers/US/Local.json`,
    );
    expect(asked.url.searchParams.get('AreaCode')).toBe('212');
    expect(asked.url.searchParams.get('SmsEnabled')).toBe('true');
    expect(await twilio.searchNumbers!('415', 10)).toEqual([]);
  });

  it("buys a number into the account with Canvass's inbound webhook, then finds it verified", async () => {
    const { providerNumberId } = await twilio.buyNumber!('+12125550101');
    expect(providerNumberId).toMatch(/^PN[0-9a-f]{32}$/);
    const posted = new URLSearchParams(mock.requests.at(-1)!.rawBody.toString('utf8'));
    expect(posted.get('PhoneNumber')).toBe('+12125550101');
    expect(mock.numbers.owned()).toEqual([
      { number: '+12125550101', smsUrl: 'https://canvass.example.org/webhooks/twilio/inbound' },
    ]);
    expect(await twilio.verifyNumber!('+12125550101')).toEqual({ ok: true });
    // Bought, it is no longer for sale.
    expect(await twilio.searchNumbers!('212', 10)).toEqual(['+12125550102']);
  });

  it("refuses a number that is not for sale with Twilio's words", async () => {
    const buying = twilio.buyNumber!('+12125550199');
    await expect(buying).rejects.toBeInstanceOf(NumberOperationError);
    await expect(buying).rejects.toThrow('Twilio 21422: PhoneNumber +12125550199 is not available.');
    expect(mock.numbers.owned()).toHaveLength(1);
  });

  it("buys into the account's SMS application and emergency address when they are set", async () => {
    const withApp = createTwilioProvider(
      {
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: authToken,
        TWILIO_SMS_APPLICATION_SID: 'AP0000000000000000000000000000000a',
        TWILIO_EMERGENCY_ADDRESS_SID: 'AD0000000000000000000000000000000b',
      },
      { baseUrl: mock.url, publicUrl: 'https://canvass.example.org/' },
    );
    await withApp.buyNumber!('+13105550104');
    expect(mock.numbers.purchaseOf('+13105550104')).toEqual({
      smsApplicationSid: 'AP0000000000000000000000000000000a',
      emergencyAddressSid: 'AD0000000000000000000000000000000b',
    });
    expect(mock.numbers.owned().find((n) => n.number === '+13105550104')?.smsUrl).toBeNull();
    await withApp.releaseNumber!('+13105550104');
  });

  it('releases a number, after which the account no longer holds it and it does not verify', async () => {
    await twilio.releaseNumber!('+12125550101');
    expect(mock.requests.at(-1)!.method).toBe('DELETE');
    expect(mock.numbers.owned()).toEqual([]);
    expect(await twilio.verifyNumber!('+12125550101')).toEqual({
      ok: false,
      reason: 'The Twilio account does not hold this number',
    });
    // Releasing again (a retry after a lost answer) finds it gone and is done.
    await expect(twilio.releaseNumber!('+12125550101')).resolves.toBeUndefined();
  });
});
