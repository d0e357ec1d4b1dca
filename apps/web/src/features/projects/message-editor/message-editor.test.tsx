import { applicablePrice, type PlaceholderContext } from '@canvass/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageEditor, type MessageEditorProps } from './message-editor';
import { renderWithServer } from './test-harness.test-utils';

const context: PlaceholderContext = {
  listHeaders: ['Precinct', 'City'],
  textDefaults: [{ field: 'Candidate', value: 'Ana Ruiz' }],
  links: [{ code: 'vote', domain: 'go.example.org' }],
};

/** The editor as the stepper holds it: the value in the parent's state; every change recorded. */
function Editor(props: Partial<MessageEditorProps> & { initial?: string; onValue?: (v: string) => void }) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <MessageEditor
      context={context}
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

const box = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const stats = () => screen.getByTestId('message-stats').textContent ?? '';

describe('MessageEditor', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("typing '/' at the start of a word offers the server's opt-out language; picking one inserts it", async () => {
    renderWithServer(<Editor initial="" clientName="Vote Ruiz" />);
    const user = userEvent.setup();
    await user.type(box(), 'Vote Ruiz says hi. /');
    const listbox = await screen.findByRole('listbox', { name: 'Opt-out language', hidden: true });
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Reply STOP to opt out', 'Txt STOP to quit', 'Responde PARAR para no recibir mensajes']);
    await user.click(within(listbox).getByRole('option', { name: 'Txt STOP to quit', hidden: true }));
    expect(box().value).toBe('Vote Ruiz says hi. Txt STOP to quit');
    expect(screen.queryByRole('listbox', { name: 'Opt-out language', hidden: true })).toBeNull();
    // Typing goes on after the snippet.
    await user.type(box(), '!');
    expect(box().value).toBe('Vote Ruiz says hi. Txt STOP to quit!');
  });

  it('what follows the / narrows the snippets, and Enter inserts the first', async () => {
    renderWithServer(<Editor />);
    const user = userEvent.setup();
    await user.type(box(), 'Hola. /par');
    const listbox = await screen.findByRole('listbox', { name: 'Opt-out language', hidden: true });
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Responde PARAR para no recibir mensajes']);
    await user.keyboard('{Enter}');
    expect(box().value).toBe('Hola. Responde PARAR para no recibir mensajes');
  });

  it('arrow keys choose among the snippets; Escape closes the menu and keeps the /', async () => {
    renderWithServer(<Editor />);
    const user = userEvent.setup();
    await user.type(box(), '/');
    await screen.findByRole('listbox', { name: 'Opt-out language', hidden: true });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box().value).toBe('Txt STOP to quit');
    await user.type(box(), ' /');
    await screen.findByRole('listbox', { name: 'Opt-out language', hidden: true });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox', { name: 'Opt-out language', hidden: true })).toBeNull());
    await user.keyboard('{Enter}x');
    expect(box().value).toBe('Txt STOP to quit /\nx');
  });

  it("a '/' inside a word or a URL is plain text", async () => {
    renderWithServer(<Editor />);
    const user = userEvent.setup();
    // The snippets have arrived: a '/' at the start of a word opens the menu.
    await user.type(box(), '/');
    await screen.findByRole('listbox', { name: 'Opt-out language', hidden: true });
    await user.clear(box());
    await user.type(box(), 'and/or https://x.org/');
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
    expect(box().value).toBe('and/or https://x.org/');
  });

  it('the counter goes from 1 to 2 segments at 161 characters', async () => {
    renderWithServer(<Editor />);
    const user = userEvent.setup();
    expect(stats()).toContain('0 characters');
    await user.click(box());
    await user.paste('a'.repeat(160));
    expect(stats()).toContain('160 characters');
    expect(stats()).toContain('GSM-7');
    expect(stats()).toContain('1 segment');
    expect(stats()).toContain('(0 left in this segment)');
    await user.type(box(), 'a');
    expect(stats()).toContain('161 characters');
    expect(stats()).toContain('2 segments');
    expect(stats()).toContain('(145 left in this segment)');
  });

  it('a character outside GSM-7 switches the encoding to UCS-2 and says which', async () => {
    renderWithServer(<Editor initial={'a'.repeat(100)} />);
    const user = userEvent.setup();
    expect(stats()).toContain('GSM-7');
    expect(stats()).toContain('1 segment');
    await user.type(box(), 'ó');
    expect(stats()).toContain('UCS-2 (because of ó)');
    expect(stats()).toContain('2 segments');
    await user.type(box(), '{Backspace}é');
    expect(stats()).toContain('GSM-7');
  });

  it('shows the estimated cost, and the default price when no row applies', async () => {
    const price = applicablePrice([], { messagingServiceType: 'SMS', campaignType: 'Registered' });
    renderWithServer(
      <Editor initial={'a'.repeat(161)} cost={{ recipients: 1000, messagingServiceType: 'SMS', price }} />,
    );
    expect(stats()).toContain('Estimated cost $70.00');
    expect(stats()).toContain('1,000 recipients × 2 segments × $0.0350, the default price: no price row applies');
  });

  it('MMS is priced per message', async () => {
    const price = applicablePrice(
      [
        {
          price: '0.0525',
          messagingServiceType: 'MMS',
          campaignType: 'Registered',
          isSent: true,
          startAt: '2026-01-01',
        },
      ],
      { messagingServiceType: 'MMS', campaignType: 'Registered' },
    );
    renderWithServer(
      <Editor initial={'a'.repeat(400)} cost={{ recipients: 10, messagingServiceType: 'MMS', price }} />,
    );
    expect(stats()).toContain('Estimated cost $0.53');
    expect(stats()).toContain('10 recipients × one MMS each × $0.0525');
    expect(stats()).not.toContain('default price');
  });

  it('the placeholder menu inserts at the cursor; links and defaults are counted at full length', async () => {
    const values: string[] = [];
    renderWithServer(<Editor initial="Hi , vote!" onValue={(v) => values.push(v)} />);
    const user = userEvent.setup();
    box().setSelectionRange(3, 3);
    await user.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((i) => i.querySelector('p')?.textContent),
    ).toEqual(['First name', 'Last name', 'Precinct', 'City', 'Candidate', 'go.example.org/vote']);
    await user.click(within(menu).getByRole('menuitem', { name: /^First name/, hidden: true }));
    expect(box().value).toBe('Hi {firstName}, vote!');
    await user.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    await user.click(await screen.findByRole('menuitem', { name: /go\.example\.org\/vote/, hidden: true }));
    // The cursor stayed after the first insertion, so the link lands there.
    expect(values.at(-1)).toBe('Hi {firstName}{link:vote}, vote!');
    // The link is counted as https://go.example.org/vote/ and its 8-character token.
    const counted = 'Hi {firstName}, vote!'.length + 'https://go.example.org/vote/'.length + 8;
    expect(stats()).toContain(`${counted} characters`);
    expect(screen.getByText(/^Counted as sent/).textContent).toBe(
      'Counted as sent: links and text defaults filled in; names and list columns at the length of their placeholder.',
    );
  });

  it('compliance warnings and placeholder problems appear beneath, and go when fixed', async () => {
    renderWithServer(<Editor initial="Polls open at 7am {Ward} bit.ly/x" clientName="Vote Ruiz" />);
    const warnings = () =>
      within(screen.getByRole('list', { name: 'Message warnings' }))
        .getAllByRole('listitem')
        .map((li) => [li.getAttribute('data-code'), li.textContent]);
    expect(warnings().map(([code]) => code)).toEqual([
      'unknownPlaceholder',
      'clientNotNamed',
      'noOptOutLanguage',
      'publicUrlShortener',
    ]);
    expect(warnings()[0][1]).toBe('The message uses {Ward}, which is not a column of the list or a text default');
    expect(warnings()[1][1]).toBe(
      'The first message should name the client: add "Vote Ruiz" so recipients know who is texting them.',
    );
    const user = userEvent.setup();
    await user.clear(box());
    await user.type(box(), 'Vote Ruiz: polls open at 7am. Reply STOP to opt out');
    expect(screen.queryByRole('list', { name: 'Message warnings' })).toBeNull();
  });

  it('a text default naming the client counts as naming it', () => {
    renderWithServer(<Editor initial="{Candidate} here: polls open. Reply STOP to opt out" clientName="Ana Ruiz" />);
    expect(screen.queryByRole('list', { name: 'Message warnings' })).toBeNull();
  });

  it('shows a field error and can be disabled', () => {
    renderWithServer(<Editor error="Message is required" disabled />);
    const described = (box().getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('Message is required');
    expect(box().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Insert placeholder' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows beside it the message as the list's sample recipient gets it, and asks for a list without one", async () => {
    const sample = {
      label: 'Ana Lopez, (212)-555-0123',
      recipient: { firstName: 'Ana', lastName: 'Lopez', columns: { columnOne: '7', columnTwo: 'Dayton' } },
    };
    const view = renderWithServer(<Editor initial="" sample={sample} />);
    const user = userEvent.setup();
    await user.type(box(), 'Hi {{firstName}, precinct {{Precinct} in {{City}. {{Candidate}');
    const preview = screen.getByRole('region', { name: 'Message preview' });
    expect(preview.textContent).toContain('As Ana Lopez, (212)-555-0123 receives it');
    expect(within(preview).getByTestId('message-preview').textContent).toBe('Hi Ana, precinct 7 in Dayton. Ana Ruiz');
    view.unmount();

    renderWithServer(<Editor initial="Hi {firstName}" sample={null} />);
    const empty = screen.getByRole('region', { name: 'Message preview' });
    expect(empty.textContent).toContain('Choose a list to see the message as one of its recipients gets it');
    expect(within(empty).queryByTestId('message-preview')).toBeNull();
  });
});
