import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';
import { ApplicablePrices } from './applicable-prices';

describe('the prices that apply', { timeout: 30_000 }, () => {
  it('shows each kind with its price and level, the header price where none applies', async () => {
    const kindOf = (messagingServiceType: string, isSent: boolean, price: string | null, level: string | null) => ({
      __typename: 'ApplicablePrice',
      messagingServiceType,
      campaignType: 'Registered',
      isSent,
      price,
      level,
      startAt: level ? '2026-03-01T00:00:00.000Z' : null,
      headerPrice: isSent ? '0.035' : '0.02',
    });
    const { calls } = renderResources(
      '/test-prices',
      {
        ApplicablePrices: () => ({
          data: {
            applicablePrices: [kindOf('SMS', true, '0.0250', 'Client'), kindOf('SMS', false, null, null)],
          },
        }),
      },
      undefined,
      undefined,
      [{ path: '/test-prices', element: <ApplicablePrices target={{ projectId: '9' }} /> }],
    );
    const table = await screen.findByRole('table', { name: 'Applicable prices' }, { timeout: 10_000 });
    const rows = [...table.querySelectorAll('tbody tr')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['SMS', 'Registered', 'Sent', '0.0250', 'Client from 3/1/2026'],
      ['SMS', 'Registered', 'Received', '0.02', 'No price set: header price'],
    ]);
    expect(callsTo(calls, 'ApplicablePrices')[0].variables).toMatchObject({ projectId: '9', clientId: null });
  });
});
