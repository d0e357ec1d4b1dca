import { deliverabilityMessages } from '@canvass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization } from '../../../../test/factories';
import type { TestApp } from '../../../../test/harness';
import type { TwilioMock } from '../../../../test/mocks/twilio-mock';
import { dispatchOrganization } from './dispatch';
import { brandWithCampaign, loadedBlast, textsByStatus, twilioAccount, twilioTestApp } from '../../../../test/blasts';

let app: TestApp;
let twilio: TwilioMock;

const twilioSettings = twilioAccount('deliverability-token');

beforeAll(async () => {
  ({ app, twilio } = await twilioTestApp(twilioSettings, {
    SEND_UNREGISTERED_THROUGHPUT: '1',
  }));
}, 60_000);

afterAll(() => twilio.close());

async function blast(name: string, recipients: number) {
  const org = await buildOrganization(app, name);
  return { org, blast: await loadedBlast(app, org, { recipients, provider: 'Twilio', settings: twilioSettings }) };
}

/** What each second (or day) of a scope granted, oldest first, as the workers shared it through the database. */
const used = async (orgId: number, scope: string): Promise<number[]> =>
  (
    await app.sql(
      `SELECT used FROM send_rate_windows WHERE organization_id = $1 AND scope = $2 ORDER BY window_start`,
      [orgId, scope],
    )
  ).rows.map((r: { used: number }) => r.used);

describe('throughput by registration', () => {
  it("sends a Registered number's texts at its brand's rate, an Unregistered or unassigned number's one a second", async () => {
    const registered = await blast('Registered sender', 6);
    const registeredBrand = await brandWithCampaign(app, registered.org.id, registered.blast.senderIds, {
      throughput: 4,
    });
    const unregistered = await blast('Unregistered sender', 3);
    const unregisteredBrand = await brandWithCampaign(app, unregistered.org.id, unregistered.blast.senderIds, {
      throughput: 4,
      campaignType: 'Unregistered',
    });
    const unassigned = await blast('Sender without campaign', 2);

    await Promise.all(
      [registered, unregistered, unassigned].map(({ org }) =>
        Promise.all([dispatchOrganization(app.platform, org.id), dispatchOrganization(app.platform, org.id)]),
      ),
    );

    expect(await textsByStatus(app, registered.org.id, registered.blast.projectId)).toEqual({ Sending: 6 });
    expect(await textsByStatus(app, unregistered.org.id, unregistered.blast.projectId)).toEqual({ Sending: 3 });
    expect(await textsByStatus(app, unassigned.org.id, unassigned.blast.projectId)).toEqual({ Sending: 2 });
    expect(twilio.messages).toHaveLength(11);
    // Registered: four a second under the brand, the number itself unshaped.
    expect(Math.max(...(await used(registered.org.id, `brand:${registeredBrand}`)))).toBe(4);
    expect(await used(registered.org.id, `phone:${registered.blast.senderIds[0]}`)).toEqual([]);
    // Unregistered, under a brand as fast: one a second, each in a second of its own.
    expect(await used(unregistered.org.id, `phone:${unregistered.blast.senderIds[0]}`)).toEqual([1, 1, 1]);
    expect(Math.max(...(await used(unregistered.org.id, `brand:${unregisteredBrand}`)))).toBe(1);
    // No campaign at all: as unregistered.
    expect(await used(unassigned.org.id, `phone:${unassigned.blast.senderIds[0]}`)).toEqual([1, 1]);
  }, 30_000);
});

describe('daily cap per sender number', () => {
  it("holds a number's texts past its brand's cap until the organization's next day, counted across workers", async () => {
    const capped = await blast('Daily cap', 5);
    const [sender] = capped.blast.senderIds;
    await app.sql(`UPDATE organizations SET time_zone = 'America/Los_Angeles' WHERE id = $1`, [capped.org.id]);
    await brandWithCampaign(app, capped.org.id, [sender], { throughput: 10, dailyCap: 3 });
    // Another organization's number, the same digits, no cap: the cap is the first organization's alone.
    const other = await blast('Daily cap elsewhere', 4);
    const before = twilio.messages.length;

    const runs = await Promise.all([
      dispatchOrganization(app.platform, capped.org.id),
      dispatchOrganization(app.platform, capped.org.id),
      dispatchOrganization(app.platform, other.org.id),
    ]);

    expect(twilio.messages.length - before).toBe(3 + 4);
    expect(await textsByStatus(app, other.org.id, other.blast.projectId)).toEqual({ Sending: 4 });
    expect(await textsByStatus(app, capped.org.id, capped.blast.projectId)).toEqual({ Ready: 2, Sending: 3 });
    const nextDay = `(date_trunc('day', now() AT TIME ZONE 'America/Los_Angeles') + interval '1 day')
                      AT TIME ZONE 'America/Los_Angeles'`;
    const { rows: held } = await app.sql(
      `SELECT send_after = ${nextDay} AS at_next_day, error_message FROM texts
        WHERE organization_id = $1 AND text_status = 'Ready'`,
      [capped.org.id],
    );
    expect(held).toEqual(
      Array(2).fill({ at_next_day: true, error_message: deliverabilityMessages.dailyCapReached(3) }),
    );
    expect(await used(capped.org.id, `day:phone:${sender}`)).toEqual([3]);
    // The worker wakes for them when the day begins, and nothing goes out before.
    const { rows: wake } = await app.sql(`SELECT $1::timestamptz = ${nextDay} AS at_next_day`, [
      runs.map((r) => r.nextRunAt).find(Boolean),
    ]);
    expect(wake[0].at_next_day).toBe(true);
    expect((await dispatchOrganization(app.platform, capped.org.id)).claimed).toBe(0);

    // The next day: today's count is yesterday's, and the texts are due. (Shifted in UTC, an immutable sum, as Citus
    // wants in an UPDATE's SET.)
    await app.sql(
      `UPDATE send_rate_windows SET window_start = ((window_start AT TIME ZONE 'UTC') - interval '1 day') AT TIME ZONE 'UTC'
        WHERE organization_id = $1 AND scope LIKE 'day:%'`,
      [capped.org.id],
    );
    await app.sql(`UPDATE texts SET send_after = now() WHERE organization_id = $1 AND text_status = 'Ready'`, [
      capped.org.id,
    ]);
    await dispatchOrganization(app.platform, capped.org.id);

    expect(await textsByStatus(app, capped.org.id, capped.blast.projectId)).toEqual({ Sending: 5 });
    expect(twilio.messages.length - before).toBe(5 + 4);
    expect(await used(capped.org.id, `day:phone:${sender}`)).toEqual([3, 2]);
  }, 30_000);

  it('counts every segment of a text longer than the second allows toward the cap', async () => {
    const org = await buildOrganization(app, 'Daily cap long texts');
    // Two segments each (GSM-7, over 160 characters), from an Unregistered number sending one segment a second.
    const message = `Hi {firstName}, ${'polls are open from seven until eight; bring a photo ID. '.repeat(3)}`;
    const long = await loadedBlast(app, org, { recipients: 3, provider: 'Twilio', settings: twilioSettings, message });
    const [sender] = long.senderIds;
    await brandWithCampaign(app, org.id, [sender], { throughput: 10, campaignType: 'Unregistered', dailyCap: 4 });

    await dispatchOrganization(app.platform, org.id);

    expect(await textsByStatus(app, org.id, long.projectId)).toEqual({ Ready: 1, Sending: 2 });
    expect(await used(org.id, `day:phone:${sender}`)).toEqual([4]);
  }, 30_000);
});
