import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { projectMessages } from '@canvass/domain';
import { describe, expect, it } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';
import { quietLifecycle } from './project-fixtures.test-utils';

const MESSAGE = 'Vote on Tuesday! Reply STOP to opt out';

const lifecycle = { ...quietLifecycle('Ready', 'Ready'), availableActions: ['TestText', 'UnloadProject'] };
const project = {
  ...quietLifecycle('Ready', 'Ready'),
  name: 'Spring turnout',
  message: MESSAGE,
  isFavorite: false,
  createdAt: '2026-11-01T10:00:00Z',
};
// The organization's Active numbers: the project sends from the first; the second is someone else's.
const phone = (id: string, number: string) => ({
  __typename: 'Phone',
  id,
  number,
  phoneStatus: 'Active',
  campaign: null,
});
const phones = [phone('5', '2125550199'), phone('6', '2125550177'), phone('7', '2125550188')];

const textsPage = (nodes: object[]) => ({
  __typename: 'TextConnection',
  totalCount: nodes.length,
  totalCountIsCapped: false,
  pageInfo: { __typename: 'PageInfo', hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
  nodes,
});
const testText = {
  __typename: 'Text',
  id: '300',
  body: MESSAGE,
  // What the texts list shows: the text as its recipient reads it.
  message: MESSAGE,
  textStatus: 'Ready',
  textType: 'Test',
  toPhoneId: '7',
  toPhone: null,
  fromPhoneId: '5',
  fromPhone: null,
  sentAt: null,
};

/** The project's test_texts tab, with the server storing the test text when asked (and answering `answer`). */
function renderTestTexts(answer: { message: string | null; errors: object[] }) {
  const stored: object[] = [];
  const view = renderResources('/projects/12/test_texts', {
    Project: () => ({ data: { project } }),
    ProjectLifecycle: () => ({ data: { project: lifecycle } }),
    TestTextProject: () => ({
      data: {
        project: {
          __typename: 'Project',
          id: '12',
          message: MESSAGE,
          projectPhones: [{ __typename: 'ProjectPhoneRow', id: '40', phoneId: '5' }],
        },
      },
    }),
    // The Active numbers, or those matching the recipients' search.
    StepperPhones: (v) => {
      const search = (v.filters as { field: string; value: string }[]).find((f) => f.field === 'number');
      const nodes = phones.filter((p) => !search || p.number.includes(search.value));
      return { data: { phones: { __typename: 'PhoneConnection', nodes } } };
    },
    SendTestText: () => {
      if (!answer.errors.length) stored.push(testText);
      return { data: { loadSendProject: { __typename: 'ProjectActionPayload', ...answer } } };
    },
    Texts: () => ({ data: { texts: textsPage(stored) } }),
  });
  return view;
}

async function openTestText() {
  await userEvent.click(await screen.findByRole('button', { name: 'Actions' }, { timeout: 8000 }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Test Text', hidden: true }));
  return within(await screen.findByRole('dialog', { name: 'Test Text' }, { timeout: 8000 }));
}

describe("a project's Test Text, from its actions menu", { timeout: 30_000 }, () => {
  it('opens a dialog on the project page that refuses an incomplete form with the spec words, sending nothing', async () => {
    const { calls, router } = renderTestTexts({ message: projectMessages.testTextStored, errors: [] });
    const dialog = await openTestText();
    expect(router.state.location.pathname).toBe('/projects/12/test_texts');
    // It starts from the project's message and its one Active number.
    expect((dialog.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement).value).toBe(MESSAGE);
    await waitFor(() =>
      expect((dialog.getByRole('combobox', { name: 'From phone' }) as HTMLInputElement).value).toBe('(212)-555-0199'),
    );

    await userEvent.click(dialog.getByRole('button', { name: 'Send test text' }));
    // Said in the 'Error' toast and in the dialog.
    expect(await screen.findAllByText(projectMessages.formIncomplete)).toHaveLength(2);
    expect(callsTo(calls, 'SendTestText')).toHaveLength(0);
  });

  it("sends it, shows the server's message, closes, and the test texts tab lists it", async () => {
    const { calls } = renderTestTexts({ message: projectMessages.testTextStored, errors: [] });
    const table = await screen.findByRole('table', { name: 'Texts' }, { timeout: 8000 });
    await waitFor(() => expect(callsTo(calls, 'Texts')).toHaveLength(1));
    expect(within(table).queryByText(MESSAGE)).toBeNull();
    const dialog = await openTestText();

    await userEvent.type(dialog.getByRole('combobox', { name: 'Recipients' }), '5550188');
    await userEvent.click(await screen.findByRole('option', { name: '(212)-555-0188', hidden: true }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send test text' }));

    await waitFor(() => expect(callsTo(calls, 'SendTestText')).toHaveLength(1));
    expect(callsTo(calls, 'SendTestText')[0].variables).toEqual({
      projectId: '12',
      phoneIds: ['7'],
      toNumbers: [],
      body: MESSAGE,
      fromPhoneId: '5',
    });
    expect((await screen.findByText(projectMessages.testTextStored)).textContent).toBe(projectMessages.testTextStored);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Test Text' })).toBeNull());
    // The tab, still on screen, reads its texts again and lists the new one.
    expect((await within(table).findByText(MESSAGE)).textContent).toBe(MESSAGE);
  });

  it("keeps the dialog open and shows the server's refusal", async () => {
    renderTestTexts({ message: null, errors: [{ field: 'fromPhoneId', messages: ['From phone not found'] }] });
    const dialog = await openTestText();
    await userEvent.type(dialog.getByRole('combobox', { name: 'Recipients' }), '5550188');
    await userEvent.click(await screen.findByRole('option', { name: '(212)-555-0188', hidden: true }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send test text' }));
    expect((await screen.findByText('From phone not found.')).textContent).toBe('From phone not found.');
    expect(screen.getByRole('dialog', { name: 'Test Text' }).textContent).toContain('Send test text');
  });

  it('takes a number of their own that the organization does not have yet, beside its phones', async () => {
    const { calls } = renderTestTexts({ message: projectMessages.testTextStored, errors: [] });
    const dialog = await openTestText();
    const recipients = dialog.getByRole('combobox', { name: 'Recipients' });
    await userEvent.type(recipients, '5550188');
    await userEvent.click(await screen.findByRole('option', { name: '(212)-555-0188', hidden: true }));
    // A part of a number offers nothing new; the whole number, once typed, is offered as it is.
    await userEvent.type(recipients, '(917) 555-01');
    expect(screen.queryByRole('option', { name: /new number/, hidden: true })).toBeNull();
    await userEvent.type(recipients, '42');
    await userEvent.click(await screen.findByRole('option', { name: '(917)-555-0142 (new number)', hidden: true }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send test text' }));

    await waitFor(() => expect(callsTo(calls, 'SendTestText')).toHaveLength(1));
    expect(callsTo(calls, 'SendTestText')[0].variables).toMatchObject({
      phoneIds: ['7'],
      toNumbers: ['9175550142'],
    });
  });
});
