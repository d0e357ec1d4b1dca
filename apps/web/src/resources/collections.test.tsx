import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { descriptionOf } from '../test/screen-reads';
import { buildUser } from '../test/fake-app';
import { callsTo, renderResources } from '../test/render-resources';

const blank = {
  __typename: 'CollectionDraft',
  collectionType: null,
  amount: null,
  fee: null,
  collectionDate: null,
};
const saved = {
  __typename: 'Collection',
  id: '4',
  collectionType: 'Collection',
  amount: '1234.50',
  fee: '0.20',
  collectionDate: '2026-03-01T05:00:01.000Z',
  createdAt: '2026-03-01T05:00:01.000Z',
  can: { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: false },
};

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

const fee = () => screen.getByRole('textbox', { name: 'Fee' }) as HTMLInputElement;

describe('the collection form (spec §5)', { timeout: 20_000 }, () => {
  it('asks for a fee only for type Collection', async () => {
    const { calls } = renderResources('/collections/new', {
      NewCollection: () => ({ data: { newCollection: blank } }),
    });
    await screen.findByRole('combobox', { name: 'Type' });
    expect(fee().disabled).toBe(true);
    await choose('Type', 'Collection');
    expect(fee().disabled).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '100');
    await userEvent.type(screen.getByRole('textbox', { name: 'Date' }), '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(descriptionOf(fee())).toBe('Fee is required'));
    expect(callsTo(calls, 'CreateCollection')).toHaveLength(0);
  });

  it('clears the fee of another type, and sends amounts as exact text', async () => {
    const { calls } = renderResources('/collections/new', {
      NewCollection: () => ({ data: { newCollection: blank } }),
      CreateCollection: () => ({ data: { createCollection: { collection: saved, errors: [], message: null } } }),
      Collection: () => ({ data: { collection: saved } }),
    });
    await screen.findByRole('combobox', { name: 'Type' });
    await choose('Type', 'Collection');
    await userEvent.type(fee(), '0.2');
    await choose('Type', 'Transfer');
    expect(fee().disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '0.1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Date' }), '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'CreateCollection')).toHaveLength(1));
    expect(callsTo(calls, 'CreateCollection')[0].variables.attributes).toEqual({
      collectionType: 'Transfer',
      amount: '0.1',
      fee: null,
      collectionDate: '2026-03-01',
    });
  });

  it('shows amounts in dollars with two decimals on the overview', async () => {
    renderResources('/collections/4/overview', { Collection: () => ({ data: { collection: saved } }) });
    await waitFor(() => expect(document.body.textContent).toContain('$1,234.50'));
    expect(document.body.textContent).toContain('$0.20');
  });

  it('lets a platform admin of several organizations choose the organization, and goes back to the list', async () => {
    const here = { id: '7', name: 'Acme Advocacy', domain: 'acme.org', timeZone: 'America/New_York' };
    const there = { id: '9', name: 'Beacon Fund', domain: 'beacon.org', timeZone: 'America/Chicago' };
    const admin = buildUser({ isAdmin: true, currentOrganization: here, organizations: [here, there] });
    const { calls, router } = renderResources(
      '/collections/new',
      {
        NewCollection: () => ({ data: { newCollection: blank } }),
        CreateCollection: () => ({ data: { createCollection: { collection: saved, errors: [], message: null } } }),
        Collections: () => ({ data: { collections: { nodes: [], totalCount: 0, pageInfo: {} } } }),
      },
      admin,
    );
    await screen.findByRole('combobox', { name: 'Type' });
    expect((screen.getByRole('combobox', { name: 'Organization' }) as HTMLInputElement).value).toBe('Acme Advocacy');
    await choose('Organization', 'Beacon Fund');
    await choose('Type', 'Transfer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Date' }), '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'CreateCollection')).toHaveLength(1));
    expect(callsTo(calls, 'CreateCollection')[0].variables.organizationId).toBe('9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections'));
  });

  it('offers no choice to a user of one organization', async () => {
    renderResources('/collections/new', { NewCollection: () => ({ data: { newCollection: blank } }) });
    await screen.findByRole('combobox', { name: 'Type' });
    expect(screen.queryByText('Organization')).toBeNull();
  });
});
