import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { textMessages } from '@canvass/domain';
import { describe, expect, it } from 'vitest';
import { findAlert } from '../../test/screen-reads';
import { formatDateTime } from '../../ui/format';
import { callsTo, renderResources } from '../../test/render-resources';

const can = { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: false };
const ref = (id: string, name: string) => ({ __typename: 'Reference', id, name });

function textOf(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Text',
    id: '5',
    body: 'Polls open at 7am tomorrow',
    textStatus: 'Sent',
    textType: 'List',
    isSendText: false,
    fromPhoneId: '1',
    fromPhone: ref('1', '2125550101'),
    toPhoneId: '2',
    toPhone: ref('2', '2125550199'),
    projectId: '3',
    project: ref('3', 'Get out the vote'),
    texterId: '9',
    texter: ref('9', 'Grace Hopper'),
    renderedMessage: null,
    message: 'Polls open at 7am tomorrow',
    messagingServiceType: 'SMS',
    provider: 'Twilio',
    providerColor: '#e03131',
    sentAt: '2026-03-01T17:30:00.000Z',
    errorMessage: null,
    segments: 1,
    createdAt: '2026-03-01T17:00:00.000Z',
    updatedAt: '2026-03-01T17:30:00.000Z',
    can,
    ...overrides,
  };
}

const body = () => screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement | HTMLInputElement;

describe('a text’s anchor (spec §2 texts/{id})', { timeout: 20_000 }, () => {
  it('shows its status in its colour, from, to, project and texter links, sent at and body', async () => {
    renderResources('/texts/5/overview', { Text: () => ({ data: { text: textOf() } }) });
    const heading = await screen.findByRole('heading', { level: 2 });
    const card = heading.closest('.mantine-Card-root') as HTMLElement;
    const anchor = within(card);
    expect(anchor.getByText('Sent').closest('.mantine-Badge-root')?.getAttribute('style')).toContain(
      'var(--mantine-color-green',
    );
    expect(anchor.getByRole('link', { name: '(212)-555-0101' }).getAttribute('href')).toBe('/phones/1/overview');
    expect(anchor.getByRole('link', { name: '(212)-555-0199' }).getAttribute('href')).toBe('/phones/2/overview');
    expect(anchor.getByRole('link', { name: 'Get out the vote' }).getAttribute('href')).toBe('/projects/3/overview');
    expect(anchor.getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe('/users/9/overview');
    expect(card.textContent).toContain(`Sent at${formatDateTime('2026-03-01T17:30:00.000Z')}`);
    expect(anchor.getByLabelText('Body').textContent).toBe('Polls open at 7am tomorrow');
    // The provider in the organization's colour for it.
    expect(anchor.getByText('Twilio').closest('.mantine-Badge-root')?.getAttribute('style')).toContain('#e03131');
  });
});

describe('a text’s kebab (spec §2): Send for Ready, Resend for Ready or Test', { timeout: 20_000 }, () => {
  const menuItems = async (overrides: Record<string, unknown>) => {
    renderResources('/texts/5/overview', { Text: () => ({ data: { text: textOf(overrides) } }) });
    await screen.findByRole('heading', { level: 2 });
    // The anchor's lazy parts settled first: a late render would close the menu under the click.
    await screen.findByLabelText('Body');
    const kebab = screen.queryByRole('button', { name: 'More actions' });
    if (!kebab) return [];
    await userEvent.click(kebab);
    items = await screen.findAllByRole('menuitem');
    return items.map((item) => item.textContent);
  };
  let items: HTMLElement[] = [];

  it('offers Send and Resend for a Ready text, and opens the test-send dialog', async () => {
    expect(await menuItems({ textStatus: 'Ready' })).toEqual(expect.arrayContaining(['Send', 'Resend']));
    await userEvent.click(items.find((item) => item.textContent === 'Send')!);
    expect((await screen.findByRole('dialog')).textContent).toContain('Test Text');
  });

  it('offers only Resend for a Test text that went out, and neither for a delivered list text', async () => {
    const test = await menuItems({ textStatus: 'Delivered', textType: 'Test' });
    expect(test).toContain('Resend');
    expect(test).not.toContain('Send');
    cleanup();
    const delivered = await menuItems({ textStatus: 'Delivered', textType: 'List' });
    expect(delivered).not.toContain('Send');
    expect(delivered).not.toContain('Resend');
  });
});

describe('the text form (spec §4)', { timeout: 20_000 }, () => {
  it('is read-only once the text has gone out, and says why', async () => {
    renderResources('/texts/5/general', { Text: () => ({ data: { text: textOf({ textStatus: 'Delivered' }) } }) });
    await screen.findByRole('textbox', { name: 'Body' });
    expect(body().disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'From phone' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save and send' })).toBeNull();
    expect((await findAlert(textMessages.notEditable('Delivered'))).title).toBe('Read only');
  });

  it.each(['Late', 'Ready', 'Sending'])(
    'can be changed while %s; Save and send also marks it for sending',
    async (status) => {
      const { calls } = renderResources('/texts/5/general', {
        Text: () => ({ data: { text: textOf({ textStatus: status }) } }),
        UpdateText: () => ({
          data: { updateText: { text: textOf({ textStatus: 'Ready' }), errors: [], message: null } },
        }),
      });
      await screen.findByRole('textbox', { name: 'Body' });
      expect(body().disabled).toBe(false);
      await userEvent.clear(body());
      await userEvent.type(body(), 'Polls open at 6am');
      await userEvent.click(screen.getByRole('button', { name: 'Save and send' }));
      await waitFor(() => expect(callsTo(calls, 'UpdateText')).toHaveLength(1));
      expect(callsTo(calls, 'UpdateText')[0].variables.attributes).toMatchObject({
        body: 'Polls open at 6am',
        isSendText: true,
      });
      expect((await findAlert('The text has been edited successfully')).title).toBe('All changes saved');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(callsTo(calls, 'UpdateText')).toHaveLength(2));
      expect(callsTo(calls, 'UpdateText')[1].variables.attributes).not.toHaveProperty('isSendText');
    },
  );

  it("says 'Error, text not updated' with each field's message, in words, when the server refuses", async () => {
    renderResources('/texts/5/general', {
      Text: () => ({ data: { text: textOf({ textStatus: 'Ready' }) } }),
      UpdateText: () => ({
        data: {
          updateText: { text: null, errors: [{ field: 'texterId', messages: ['Texter not found'] }], message: null },
        },
      }),
    });
    await screen.findByRole('textbox', { name: 'Body' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findAlert('Texter not found.')).toEqual({
      title: 'Error, text not updated',
      message: 'Texter not found.',
    });
  });

  it("creates a text and says so; a refused one says 'Error creating Text' with its errors", async () => {
    let refuse = true;
    const { calls, router } = renderResources(
      '/texts/new',
      {
        NewText: () => ({
          data: {
            newText: {
              __typename: 'TextDraft',
              body: null,
              fromPhoneId: null,
              fromPhone: null,
              toPhoneId: null,
              toPhone: null,
              projectId: null,
              project: null,
              texterId: null,
              texter: null,
              textStatus: 'Ready',
              textType: 'Manual',
              isSendText: null,
            },
          },
        }),
        PhoneReference: (vars) => ({
          data: { phone: { __typename: 'Phone', id: vars.id, name: vars.id === '1' ? '2125550101' : '2125550199' } },
        }),
        CreateText: () =>
          refuse
            ? { data: { createText: { text: null, errors: [{ field: 'base', messages: ['Nope'] }], message: null } } }
            : {
                data: {
                  createText: {
                    text: textOf({ id: '8', textStatus: 'Ready', textType: 'Manual' }),
                    errors: [],
                    message: null,
                  },
                },
              },
        Text: () => ({ data: { text: textOf({ id: '8', textStatus: 'Ready', textType: 'Manual' }) } }),
      },
      undefined,
      { fromPhoneId: '1', toPhoneId: '2' },
    );
    await screen.findByRole('textbox', { name: 'Body' });
    // The chosen numbers read as numbers, as everywhere else.
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'From phone' }).value).toBe('(212)-555-0101'),
    );
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'To phone' }).value).toBe('(212)-555-0199');
    await userEvent.type(body(), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findAlert('Nope')).toEqual({ title: 'Error creating Text', message: 'Nope' });
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await findAlert('The text has been created successfully')).title).toBe('All changes saved');
    expect(callsTo(calls, 'CreateText')[1].variables.attributes).toMatchObject({
      body: 'Hello',
      fromPhoneId: '1',
      toPhoneId: '2',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/texts/8/overview'));
  });
});

function pageOf(nodes: Record<string, unknown>[]) {
  return {
    data: {
      texts: {
        __typename: 'TextConnection',
        totalCount: nodes.length,
        totalCountIsCapped: false,
        pageInfo: {
          __typename: 'PageInfo',
          hasNextPage: false,
          hasPreviousPage: false,
          startCursor: null,
          endCursor: null,
        },
        nodes,
      },
    },
  };
}

describe('lists of texts', { timeout: 20_000 }, () => {
  it("the organization's Texts: newest first, the provider in its colour, no status sort across every text", async () => {
    const { calls } = renderResources('/texts', { Texts: () => pageOf([textOf()]) });
    const table = await screen.findByRole('table', { name: 'Texts' });
    await within(table).findByText('Twilio');
    expect(within(table).getByText('Twilio').closest('.mantine-Badge-root')?.getAttribute('style')).toContain(
      '#e03131',
    );
    const status = within(table)
      .getAllByRole('columnheader')
      .find((h) => h.textContent === 'Status')!;
    expect(within(status).queryByRole('button')).toBeNull();
    expect(callsTo(calls, 'Texts')[0].variables).toMatchObject({ sortBy: 'id', sortOrder: 'Desc' });
    expect(screen.getByRole('button', { name: 'Add new' }).textContent).toBe('Add new');
    // The first column, the recipient, opens the text: named by its number, never by the phone's id.
    const first = within(table).getAllByRole('row')[1].querySelector('td a');
    expect(first?.textContent).toBe('(212)-555-0199');
    expect(first?.getAttribute('href')).toMatch(/^\/texts\/\d+\/overview$/);
    // A number stays on one line in its narrow column.
    expect(first?.closest('td')?.getAttribute('style')).toContain('white-space: nowrap');
  });

  it('shows the message each recipient read, not the template it was rendered from', async () => {
    const rendered = textOf({ body: 'Hi {firstName}', renderedMessage: 'Hi Ada', message: 'Hi Ada' });
    renderResources('/texts', { Texts: () => pageOf([rendered]) });
    const table = await screen.findByRole('table', { name: 'Texts' });
    await within(table).findByText('Twilio');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const cells = [...within(table).getAllByRole('row')[1].querySelectorAll('td')].map((td) => td.textContent);
    expect(cells[headers.indexOf('Message')]).toBe('Hi Ada');
    expect(table.textContent).not.toContain('{firstName}');
  });

  it("a team's Texts (the tab at path projects, spec §2) are its members' texts", async () => {
    const team = {
      __typename: 'Team',
      id: '5',
      name: 'Night shift',
      teamStatus: 'Active',
      membersCount: 2,
      usersCount: 2,
      createdAt: '2026-03-04T15:06:00.000Z',
      isFavorite: false,
      can: { ...can, favorite: true },
    };
    const member = (userId: string) => ({
      __typename: 'TeamMember',
      id: userId,
      userId,
      name: 'N',
      email: 'e',
      isLead: false,
    });
    const { calls } = renderResources('/teams/5/projects', {
      Team: () => ({ data: { team } }),
      TeamMembers: () => ({ data: { teamMembers: [member('21'), member('22')] } }),
      Texts: () => pageOf([textOf()]),
    });
    expect((await screen.findByRole('tab', { selected: true })).textContent).toBe('Texts');
    await screen.findByRole('table', { name: 'Texts' });
    expect(callsTo(calls, 'Texts')[0].variables.filters).toEqual([
      { field: 'texterId', operation: 'In', arrayValues: ['21', '22'] },
    ]);
  });

  it("a phone's Sent Texts and Received Texts are its texts from it and to it", async () => {
    const phone = {
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
      provider: 'Twilio',
      providerColor: '#e03131',
      createdAt: '2026-03-01T17:00:00.000Z',
      updatedAt: '2026-03-01T17:00:00.000Z',
      isFavorite: false,
      can,
    };
    const { calls, router } = renderResources('/phones/1/sent_texts', {
      Phone: () => ({ data: { phone } }),
      Texts: () => pageOf([textOf()]),
    });
    await screen.findByRole('table', { name: 'Texts' });
    expect(callsTo(calls, 'Texts')[0].variables.filters).toEqual([
      { field: 'fromPhoneId', operation: 'Equal', value: '1' },
    ]);
    await router.navigate('/phones/1/received_texts');
    await waitFor(() =>
      expect(callsTo(calls, 'Texts').at(-1)?.variables.filters).toEqual([
        { field: 'toPhoneId', operation: 'Equal', value: '1' },
      ]),
    );
  });
});

describe('the opt-out toggle on a text (spec §4)', { timeout: 20_000 }, () => {
  const toggled = (optOut: boolean, message: string | null, errors: unknown[] = []) => ({
    data: {
      setTextOptOut: {
        __typename: 'TextOptOutResult',
        text: message ? { __typename: 'Text', id: '5', optOut } : null,
        errors,
        message,
      },
    },
  });

  it('turns the recipient’s opt-out on, and says so', async () => {
    const { calls } = renderResources('/texts/5/overview', {
      Text: () => ({ data: { text: textOf({ optOut: false }) } }),
      SetTextOptOut: () => toggled(true, 'Opt out has been created successfully'),
    });
    const toggle = await screen.findByRole('switch', { name: 'Opted out' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.setup().click(toggle);
    expect((await screen.findByText('Opt out has been created successfully')).textContent).toBeTruthy();
    expect(callsTo(calls, 'SetTextOptOut')[0].variables).toEqual({ id: '5', optOut: true });
    cleanup();
  });

  it('turns it off from a text that shows it on; a refusal shows the spec’s error', async () => {
    renderResources('/texts/5/overview', {
      Text: () => ({ data: { text: textOf({ optOut: true }) } }),
      SetTextOptOut: () =>
        toggled(false, null, [
          { __typename: 'FieldError', field: 'base', messages: ['Error removing opt-out'] },
          { __typename: 'FieldError', field: 'id', messages: ['Not found'] },
        ]),
    });
    const toggle = await screen.findByRole('switch', { name: 'Opted out' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().click(toggle);
    expect((await screen.findByText('Error removing opt-out')).textContent).toBe('Error removing opt-out');
    expect((await screen.findByText('Opt-out: Not found.')).textContent).toBe('Opt-out: Not found.');
    cleanup();
  });
});
