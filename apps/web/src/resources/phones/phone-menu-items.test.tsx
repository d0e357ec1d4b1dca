import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';

const can = { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: false };
const phoneOf = (overrides: Record<string, unknown>) => ({
  __typename: 'Phone',
  id: '1',
  number: '2125550101',
  phoneType: 'FromPhone',
  phoneStatus: 'Active',
  description: null,
  campaignId: null,
  campaign: null,
  clientId: null,
  client: null,
  state: null,
  carrier: null,
  lineType: null,
  network: null,
  provider: 'Twilio',
  providerColor: '#e03131',
  createdAt: '2026-03-01T17:00:00.000Z',
  updatedAt: '2026-03-01T17:00:00.000Z',
  isFavorite: false,
  can,
  ...overrides,
});

const openMenu = async () => userEvent.click(await screen.findByRole('button', { name: 'More actions' }));

describe("a purchased number's menu", { timeout: 20_000 }, () => {
  it("releases only after 'Are you sure you want to release this number?'", async () => {
    const { calls } = renderResources('/phones/1/overview', {
      Phone: () => ({ data: { phone: phoneOf({}) } }),
      ReleaseNumber: () => ({ data: { releaseNumber: { message: 'Number released successfully' } } }),
    });
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Release number' }));
    expect((await screen.findByText('Are you sure you want to release this number?')).textContent).toBe(
      'Are you sure you want to release this number?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to release this number?')).toBeNull());
    expect(callsTo(calls, 'ReleaseNumber')).toHaveLength(0);

    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Release number', hidden: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Release' }));
    expect((await screen.findByText('Number released successfully')).textContent).toBe('Number released successfully');
    expect(callsTo(calls, 'ReleaseNumber')[0].variables).toEqual({ phoneId: '1' });
  });

  it("says 'Error releasing number' with the server's words when the release fails", async () => {
    renderResources('/phones/1/overview', {
      Phone: () => ({ data: { phone: phoneOf({}) } }),
      ReleaseNumber: () => ({ errors: [{ message: 'Error releasing number' }] }),
    });
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Release number' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Release' }));
    await waitFor(() => expect(screen.getAllByText('Error releasing number').length).toBeGreaterThan(0));
  });

  it("'Validate Phone' says the status is awaiting API verification", async () => {
    const { calls } = renderResources('/phones/1/overview', {
      Phone: () => ({ data: { phone: phoneOf({}) } }),
      ValidatePhone: () => ({
        data: {
          validatePhone: {
            message: 'Phone Status Updated (Awaiting API Verify; verification will be processed shortly)',
          },
        },
      }),
    });
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Validate Phone' }));
    expect(
      (await screen.findByText('Phone Status Updated (Awaiting API Verify; verification will be processed shortly)'))
        .textContent,
    ).toBe('Phone Status Updated (Awaiting API Verify; verification will be processed shortly)');
    expect(callsTo(calls, 'ValidatePhone')[0].variables).toEqual({ phoneId: '1' });
  });

  it('is not offered for a released number', async () => {
    renderResources('/phones/1/overview', {
      Phone: () => ({ data: { phone: phoneOf({ phoneStatus: 'Released' }) } }),
    });
    await screen.findAllByText('(212)-555-0101');
    // The header has no other menu items for a phone: without these, it has no menu at all.
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });
});
