import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAlert } from '../../test/screen-reads';
import { callsTo, renderResources } from '../../test/render-resources';

const brand = {
  __typename: 'Brand',
  id: '3',
  name: 'Acme Brand',
  provider: 'Bandwidth',
  throughput: 10,
  code: null,
  color: null,
  clientId: null,
  client: null,
  providerConfigurationType: 'Organization',
  providerConfigurationValues: [],
  createdAt: '2025-03-04T15:06:00.000Z',
  can: { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: false },
};

const emptyPhones = {
  data: {
    phones: {
      totalCount: 0,
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      nodes: [],
    },
  },
};

/** Each capability as a user reads it: its name, Available or Unavailable, and any detail. */
const capabilityLines = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => [...item.children].map((c) => c.textContent).join(' '));

describe('provider capabilities', { timeout: 20_000 }, () => {
  it("a brand's overview lists what its provider can do, and what it cannot as Unavailable", async () => {
    const { calls } = renderResources('/brands/3/overview', {
      Brand: () => ({ data: { brand } }),
      ProviderCapabilities: () => ({
        data: {
          providerCapabilities: {
            sms: true,
            mms: true,
            maxMediaBytes: 3.5 * 1024 * 1024,
            deliveryReceipts: true,
            inbound: true,
            lookup: false,
            numbers: false,
          },
        },
      }),
    });
    const list = await screen.findByRole('list', { name: 'Bandwidth capabilities' }, { timeout: 10_000 });
    expect(capabilityLines(list)).toEqual([
      'SMS Available',
      'MMS Available up to 3.5 MB',
      'Delivery receipts Available',
      'Replies Available',
      'Number lookup Unavailable',
      'Numbers purchase Unavailable',
    ]);
    expect(callsTo(calls, 'ProviderCapabilities')[0].variables).toEqual({ provider: 'Bandwidth' });
  });
});

describe('number lookup on the Phones index', { timeout: 20_000 }, () => {
  it('says plainly when no provider offers lookup', async () => {
    renderResources('/phones', {
      Phones: () => emptyPhones,
      LookUpPhoneCarriers: () => ({
        data: null,
        errors: [{ message: 'Number lookup needs a provider that offers it, such as Twilio' }],
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Look up carriers' }, { timeout: 10_000 }));
    expect(await findAlert('Number lookup needs a provider that offers it, such as Twilio')).toEqual({
      title: 'Number lookup',
      message: 'Number lookup needs a provider that offers it, such as Twilio',
    });
  });

  it('starts the lookup and shows how many numbers it looked up', async () => {
    const task = { id: '77', status: 'Done', processed: 215, total: 215, errorMessage: null };
    const { calls } = renderResources('/phones', {
      Phones: () => emptyPhones,
      LookUpPhoneCarriers: () => ({
        data: {
          lookUpPhoneCarriers: {
            message: 'Number lookup started',
            task: { id: '77', status: 'Queued', processed: 0, total: null },
          },
        },
      }),
      BackgroundTask: () => ({
        data: { backgroundTask: { ...task, kind: 'lookUpPhoneCarriers', downloadUrl: null, filename: null } },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Look up carriers' }, { timeout: 10_000 }));
    expect((await findAlert('Carriers looked up: 215 numbers', 10_000)).title).toBe('Number lookup');
    await waitFor(() => expect(callsTo(calls, 'LookUpPhoneCarriers')).toHaveLength(1));
  });
});
