import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { GraphqlProvider } from '../../session/graphql-provider';
import { SessionProvider } from '../../session/session';
import { buildUser, fillIn, installFakeServer, signedInAs } from '../../test/fake-app';
import { theme } from '../../ui/theme';
import { setAccessToken } from '../../session/token-store';
import { callsTo } from '../../test/render-resources';
import { DoNotContactPanel } from './do-not-contact-panel';

const admin = buildUser({ isAdmin: true });
const page = (numbers: string[], count: number) => ({
  data: {
    doNotContactNumbers: {
      __typename: 'DoNotContactPage',
      nodes: numbers.map((number) => ({
        __typename: 'DoNotContactNumber',
        number,
        updatedAt: '2026-01-05T15:00:00.000Z',
      })),
      hasNextPage: false,
      endCursor: numbers.at(-1) ?? null,
    },
    doNotContactCount: count,
  },
});
const payload = (number: string | null, errors: { field: string; messages: string[] }[], message: string | null) => ({
  __typename: 'DoNotContactPayload',
  number,
  errors,
  message,
});

function renderPanel(handlers: Parameters<typeof installFakeServer>[0]) {
  const calls = installFakeServer({ RefreshSession: () => ({ data: signedInAs(admin) }), ...handlers });
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <GraphqlProvider>
        <SessionProvider>
          <DoNotContactPanel />
        </SessionProvider>
      </GraphqlProvider>
    </MantineProvider>,
  );
  return calls;
}

describe('the do-not-contact panel', { timeout: 20_000 }, () => {
  afterEach(() => setAccessToken(null));

  it('shows the count and the numbers, adds one (the server cleans it), and removes one', async () => {
    let stored = ['6175550131'];
    const calls = renderPanel({
      DoNotContactNumbers: () => page(stored, stored.length),
      AddDoNotContactNumber: (v) =>
        v.number === '555'
          ? {
              data: {
                addDoNotContactNumber: payload(
                  null,
                  [{ field: 'number', messages: ['Invalid number. Should be a 10 digits number'] }],
                  null,
                ),
              },
            }
          : ((stored = [...stored, '6175550132']),
            { data: { addDoNotContactNumber: payload('6175550132', [], 'Number saved successfully') } }),
      RemoveDoNotContactNumber: () => {
        stored = ['6175550132'];
        return { data: { removeDoNotContactNumber: payload('6175550131', [], 'Number deleted successfully') } };
      },
    });
    const user = userEvent.setup();
    expect((await screen.findByText('1 number')).textContent).toBe('1 number');
    const rows = () => within(screen.getByRole('table', { name: 'Do-not-contact numbers' })).getAllByRole('row');
    expect(rows().map((r) => r.firstElementChild?.textContent)).toEqual(['Number', '(617)-555-0131']);

    const input = screen.getByRole('textbox', { name: 'Number to add' });
    await fillIn(user, input, '555');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    expect((await screen.findByText('Invalid number. Should be a 10 digits number')).textContent).toBeTruthy();

    await user.clear(input);
    await fillIn(user, input, '617.555.0132');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    expect((await screen.findByText('Number saved successfully')).textContent).toBe('Number saved successfully');
    expect((await screen.findByText('2 numbers')).textContent).toBe('2 numbers');
    expect(rows().map((r) => r.firstElementChild?.textContent)).toEqual(['Number', '(617)-555-0131', '(617)-555-0132']);
    expect(callsTo(calls, 'AddDoNotContactNumber').at(-1)?.variables).toEqual({ number: '617.555.0132' });

    await user.click(screen.getByRole('button', { name: 'Remove (617)-555-0131' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove (617)-555-0131?' });
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Consent given');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByText('Number deleted successfully')).textContent).toBe('Number deleted successfully');
    await waitFor(() => expect(screen.getByText('1 number').textContent).toBe('1 number'));
    expect(callsTo(calls, 'RemoveDoNotContactNumber')[0].variables).toEqual({
      number: '6175550131',
      reason: 'Consent given',
    });
  });
});
