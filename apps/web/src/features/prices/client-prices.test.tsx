import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acmeClient } from '../../test/client-fixtures';
import { descriptionOf, findAlert } from '../../test/screen-reads';
import { callsTo, renderResources } from '../../test/render-resources';

const saved = {
  __typename: 'Price',
  id: '11',
  price: '0.0350',
  isSent: true,
  campaignType: 'Registered',
  messagingServiceType: 'SMS',
  startAt: '2026-01-01T00:00:00.000Z',
  level: 'Client',
};

function render(updatePrices: (variables: Record<string, unknown>) => unknown) {
  return renderResources('/clients/5/edit/prices', {
    Client: () => ({ data: { client: acmeClient } }),
    Prices: () => ({ data: { prices: [saved] } }),
    UpdatePrices: (variables) => ({ data: { updatePrices: updatePrices(variables) } }),
  });
}

describe("a client's Prices section", { timeout: 30_000 }, () => {
  it("saves the client's rows and says 'Prices Updated Successfully'", async () => {
    const { calls } = render(() => ({
      __typename: 'PricesPayload',
      prices: [{ ...saved, price: '0.0400' }],
      errors: [],
      message: 'Prices Updated Successfully',
    }));
    const price = await screen.findByRole('textbox', { name: 'Price 1' }, { timeout: 10_000 });
    expect((price as HTMLInputElement).value).toBe('0.0350');
    await userEvent.clear(price);
    await userEvent.type(price, '0.04');
    // An all-empty new row is ignored by the server (spec §5); it goes along as typed.
    await userEvent.click(screen.getByRole('button', { name: 'Add price' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await findAlert('Prices Updated Successfully')).toBeTruthy();
    const [call] = callsTo(calls, 'UpdatePrices');
    expect(call.variables).toMatchObject({ clientId: '5', projectId: null });
    expect(call.variables.prices).toEqual([
      {
        id: '11',
        _destroy: false,
        messagingServiceType: 'SMS',
        campaignType: 'Registered',
        isSent: true,
        price: '0.04',
        startAt: '2026-01-01',
      },
      {
        id: null,
        _destroy: false,
        messagingServiceType: 'SMS',
        campaignType: 'Registered',
        isSent: true,
        price: '',
        startAt: null,
      },
    ]);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Price 1' }) as HTMLInputElement).value).toBe('0.0400'),
    );
  });

  it("shows 'Error Updating Prices' with the server's field errors, on their fields too", async () => {
    const { calls } = render(() => ({
      __typename: 'PricesPayload',
      prices: null,
      errors: [
        { __typename: 'FieldError', field: 'prices.0.id', messages: ['Price not found'] },
        { __typename: 'FieldError', field: 'prices.0.startAt', messages: ['Start date is not a date'] },
      ],
      message: null,
    }));
    await screen.findByRole('textbox', { name: 'Price 1' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const text = 'Price 1: Price not found. Price 1: Start date is not a date.';
    expect(await findAlert(text)).toEqual({ title: 'Error Updating Prices', message: text });
    expect(descriptionOf(screen.getByLabelText('Start date 1'))).toContain('Start date is not a date');
    expect(callsTo(calls, 'UpdatePrices')).toHaveLength(1);
  });

  it('refuses a row without a start date before asking the server', async () => {
    const { calls } = render(() => {
      throw new Error('not called');
    });
    await screen.findByRole('textbox', { name: 'Price 1' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Add price' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Price 2' }), '0.02');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await findAlert('Price 2: Start date is required.');
    expect(alert.title).toBe('Error Updating Prices');
    expect(descriptionOf(screen.getByLabelText('Start date 2'))).toContain('Start date is required');
    expect(callsTo(calls, 'UpdatePrices')).toEqual([]);
  });
});
