import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';
import { can, quietLifecycle } from './project-fixtures.test-utils';

const project = {
  __typename: 'Project',
  id: '12',
  name: 'Spring turnout',
  projectStatus: 'Assigned',
  pricingType: 'Optimized',
  createdAt: '2026-11-01T10:00:00Z',
  isFavorite: false,
  can,
};
const lifecycle = quietLifecycle('Assigned', 'Setup');
const handlers = {
  Project: () => ({ data: { project } }),
  ProjectLifecycle: () => ({ data: { project: lifecycle } }),
  ApplicablePrices: () => ({
    data: {
      applicablePrices: [
        {
          __typename: 'ApplicablePrice',
          messagingServiceType: 'SMS',
          campaignType: 'Registered',
          isSent: true,
          price: '0.0300',
          level: 'Project',
          startAt: '2026-01-01T00:00:00Z',
          headerPrice: '0.035',
        },
      ],
    },
  }),
  Prices: () => ({
    data: {
      prices: [
        {
          __typename: 'Price',
          id: '4',
          price: '0.0300',
          isSent: true,
          campaignType: 'Registered',
          messagingServiceType: 'SMS',
          startAt: '2026-01-01T00:00:00Z',
          level: 'Project',
        },
      ],
    },
  }),
};

describe("a project's prices", { timeout: 20_000 }, () => {
  it('the tab shows the price that applies and where it comes from, and the project’s own rows', async () => {
    const { calls } = renderResources('/projects/12/prices', handlers);
    const applied = await screen.findByRole('table', { name: 'Applicable prices' }, { timeout: 5000 });
    expect(within(applied).getAllByRole('row')[1].textContent).toContain('Project from 1/1/2026');
    expect(callsTo(calls, 'ApplicablePrices')[0].variables).toMatchObject({ projectId: '12', clientId: null });
    await screen.findByDisplayValue('0.0300');
    expect(callsTo(calls, 'Prices')[0].variables).toMatchObject({ projectId: '12' });
  });

  it('the edit section Prices holds the pricing type and the project’s own rows', async () => {
    const { calls } = renderResources('/projects/12/edit/prices', handlers);
    const pricing = await screen.findByRole('combobox', { name: 'Pricing type' }, { timeout: 5000 });
    expect((pricing as HTMLInputElement).value).toBe('Optimized');
    await screen.findByDisplayValue('0.0300');
    expect(callsTo(calls, 'Prices')[0].variables).toMatchObject({ projectId: '12' });
  });
});
