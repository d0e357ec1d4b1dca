import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../ui/theme';
import { ComplianceWarnings, type ComplianceWarningsProps } from './compliance-warnings';

const show = (props: ComplianceWarningsProps) =>
  render(
    <MantineProvider theme={theme}>
      <ComplianceWarnings {...props} />
    </MantineProvider>,
  );
const items = () =>
  within(screen.getByRole('list', { name: 'Message warnings' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('ComplianceWarnings (the project overview uses it without a placeholder context)', () => {
  it('lists what to fix, in sentences', () => {
    show({ message: 'Polls open at 7am: tinyurl.com/abc', clientName: 'Vote Ruiz' });
    expect(screen.getByRole('status').querySelector('.mantine-Alert-title')?.textContent).toBe(
      'Check the message before loading',
    );
    expect(items()).toEqual([
      'The first message should name the client: add "Vote Ruiz" so recipients know who is texting them.',
      'The first message should tell recipients how to opt out: add opt-out language such as "Reply STOP to opt out" (type / in the message to insert one).',
      "The message links through tinyurl.com, a public URL shortener that carriers often block: use one of the organization's shortened links instead.",
    ]);
  });

  it('flags a message over 10 segments', () => {
    show({ message: `Vote Ruiz. Reply STOP to opt out ${'x'.repeat(1600)}`, clientName: 'Vote Ruiz' });
    expect(items()).toEqual([
      'The message is 11 segments long, more than 10: carriers may filter it and every segment is billed. Shorten it.',
    ]);
  });

  it('without a context, placeholders are not judged', () => {
    show({ message: '{Ward}: Vote Ruiz. Reply STOP to opt out', clientName: 'Vote Ruiz' });
    expect(screen.queryByRole('list', { name: 'Message warnings' })).toBeNull();
  });

  it('with a context, an unknown placeholder is a warning', () => {
    show({
      message: '{Ward}: Vote Ruiz. Reply STOP to opt out',
      clientName: 'Vote Ruiz',
      context: { listHeaders: ['Precinct'], textDefaults: [], links: [] },
    });
    expect(items()).toEqual(['The message uses {Ward}, which is not a column of the list or a text default']);
  });

  it('shows nothing for a compliant message', () => {
    const { container } = show({ message: 'Vote Ruiz: polls open. STOP2END', clientName: 'Vote Ruiz' });
    expect(container.querySelector('[role="status"]')).toBeNull();
  });
});
