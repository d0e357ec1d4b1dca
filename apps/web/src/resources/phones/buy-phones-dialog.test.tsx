import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';
import { BuyPhonesDialog } from './buy-phones-dialog';

const campaigns = {
  campaigns: {
    __typename: 'CampaignConnection',
    nodes: [
      { __typename: 'Campaign', id: '1', name: 'Spring GOTV', campaignType: 'Registered', clientId: '9' },
      { __typename: 'Campaign', id: '2', name: 'Open lines', campaignType: 'Unregistered', clientId: null },
      { __typename: 'Campaign', id: '3', name: 'Other client', campaignType: 'Registered', clientId: '8' },
    ],
  },
};
const purchase = (bought: string[], failed: string[]) => ({
  __typename: 'BuyNumbersPayload',
  message: failed.length ? `Could not buy: ${failed.join(', ')}.` : 'Numbers bought successfully',
  boughtNumbers: bought,
  failedNumbers: failed,
  phoneIds: bought.map((_, i) => String(100 + i)),
});

function open(handlers: Parameters<typeof renderResources>[1] = {}) {
  const onDone = vi.fn();
  const view = renderResources(
    '/buy',
    {
      BuyPhonesCampaigns: () => ({ data: campaigns }),
      SearchPhoneNumbers: (v) => ({
        data: { searchPhoneNumbers: v.areaCode === '684' ? [] : ['2125550101', '2125550102', '2125550103'] },
      }),
      ...handlers,
    },
    undefined,
    undefined,
    [{ path: '/buy', element: <BuyPhonesDialog clientId="9" onDone={onDone} /> }],
  );
  return { ...view, onDone };
}

async function chooseCampaign(name: RegExp) {
  await userEvent.click(await screen.findByRole('combobox', { name: /^Campaign/ }));
  await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('Buy Phones dialog', { timeout: 20_000 }, () => {
  it("offers the client's campaigns and the Unregistered ones, not another client's", async () => {
    open();
    await userEvent.click(await screen.findByRole('combobox', { name: /^Campaign/ }));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['Spring GOTV (Registered)', 'Open lines (Unregistered)']);
  });

  it('searches at three digits with brackets and dashes stripped, and says what is wrong otherwise', async () => {
    const { calls } = open();
    const areaCode = await screen.findByRole('textbox', { name: 'Area code' });
    await userEvent.type(areaCode, '212');
    expect((await screen.findByText('Campaign is required: Select a campaign first')).textContent).toBe(
      'Campaign is required: Select a campaign first',
    );
    expect(callsTo(calls, 'SearchPhoneNumbers')).toHaveLength(0);

    await chooseCampaign(/Spring GOTV/);
    await userEvent.clear(areaCode);
    const before = callsTo(calls, 'SearchPhoneNumbers').length;
    await userEvent.type(areaCode, '(21');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(callsTo(calls, 'SearchPhoneNumbers')).toHaveLength(before);
    await userEvent.type(areaCode, '2)-');
    expect(((await screen.findByRole('checkbox', { name: '(212)-555-0101' })) as HTMLInputElement).checked).toBe(false);
    expect(callsTo(calls, 'SearchPhoneNumbers').at(-1)?.variables).toEqual({ campaignId: '1', areaCode: '212' });

    await userEvent.type(areaCode, '5');
    expect((await screen.findByText("Can't search phones: Area code")).textContent).toBe(
      "Can't search phones: Area code",
    );
    await userEvent.clear(areaCode);
    await userEvent.type(areaCode, '999');
    expect((await screen.findByText('Invalid Area Code: Please, use a valid US area code')).textContent).toBe(
      'Invalid Area Code: Please, use a valid US area code',
    );
    await userEvent.clear(areaCode);
    await userEvent.type(areaCode, '684');
    expect((await screen.findByText('No phones available for that area code')).textContent).toBe(
      'No phones available for that area code',
    );
  });

  it('asks for a selection, buys the ticked numbers and tells which could not be bought', async () => {
    const { calls, onDone } = open({
      BuyNumbers: () => ({ data: { buyNumbers: purchase(['2125550101'], ['2125550103']) } }),
    });
    await chooseCampaign(/Spring GOTV/);
    await userEvent.type(screen.getByRole('textbox', { name: 'Area code' }), '212');
    await screen.findByRole('checkbox', { name: '(212)-555-0101' });
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect((await screen.findByText('Select a phone number first')).textContent).toBe('Select a phone number first');
    expect(screen.getByText('No phones selected').textContent).toBe('No phones selected');
    expect(callsTo(calls, 'BuyNumbers')).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: '(212)-555-0101' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '(212)-555-0103' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect((await screen.findByText('Could not buy: (212)-555-0103.')).textContent).toBe(
      'Could not buy: (212)-555-0103.',
    );
    expect(screen.getByText('Number bought successfully. Bought numbers: (212)-555-0101.').textContent).toBe(
      'Number bought successfully. Bought numbers: (212)-555-0101.',
    );
    expect(callsTo(calls, 'BuyNumbers')[0].variables).toEqual({
      phoneNumbers: ['2125550101', '2125550103'],
      campaignId: '1',
      clientId: '9',
    });
    // Some failed: the dialog stays open for another try.
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the server refusal, and closes once everything was bought', async () => {
    let refuse = true;
    const { onDone } = open({
      BuyNumbers: () =>
        refuse
          ? { errors: [{ message: 'This campaign already holds 49 purchased numbers, the most it can' }] }
          : { data: { buyNumbers: purchase(['2125550102'], []) } },
    });
    await chooseCampaign(/Spring GOTV/);
    await userEvent.type(screen.getByRole('textbox', { name: 'Area code' }), '212');
    await userEvent.click(await screen.findByRole('checkbox', { name: '(212)-555-0102' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(
      (await screen.findByText('This campaign already holds 49 purchased numbers, the most it can')).textContent,
    ).toBe('This campaign already holds 49 purchased numbers, the most it can');
    expect(screen.getByText('Error buying number').textContent).toBe('Error buying number');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('offers search and buy for an Unregistered campaign only', async () => {
    const { calls, onDone } = open({
      SearchAndBuyUnregisteredNumber: () => ({
        data: { searchAndBuyUnregisteredNumber: purchase(['2125550101'], []) },
      }),
    });
    await chooseCampaign(/Spring GOTV/);
    expect(screen.queryByRole('button', { name: 'Search and buy' })).toBeNull();
    await chooseCampaign(/Open lines/);
    await userEvent.type(screen.getByRole('textbox', { name: 'Area code' }), '212');
    await userEvent.click(await screen.findByRole('button', { name: 'Search and buy' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(callsTo(calls, 'SearchAndBuyUnregisteredNumber')[0].variables).toEqual({
      campaignId: '2',
      areaCode: '212',
      clientId: '9',
    });
  });
});
