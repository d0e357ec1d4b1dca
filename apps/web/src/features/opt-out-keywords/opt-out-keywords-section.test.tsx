import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keywordSettingMessages } from '@canvass/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { GraphqlProvider } from '../../session/graphql-provider';
import { SessionProvider } from '../../session/session';
import { buildUser, installFakeServer, signedInAs } from '../../test/fake-app';
import { theme } from '../../ui/theme';
import { setAccessToken } from '../../session/token-store';
import { callsTo } from '../../test/render-resources';
import { OptOutKeywordsSection } from './opt-out-keywords-section';

const admin = buildUser({ isAdmin: true });
const settings = (optOutKeywords: string[], plainLanguageOptOuts: boolean) => ({
  __typename: 'OptOutKeywordSettings',
  optOutKeywords,
  plainLanguageOptOuts,
});

function renderSection(handlers: Parameters<typeof installFakeServer>[0], canUpdate = true) {
  const calls = installFakeServer({ RefreshSession: () => ({ data: signedInAs(admin) }), ...handlers });
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <GraphqlProvider>
        <SessionProvider>
          <OptOutKeywordsSection canUpdate={canUpdate} />
        </SessionProvider>
      </GraphqlProvider>
    </MantineProvider>,
  );
  return calls;
}

describe('the organization’s opt-out keywords', { timeout: 20_000 }, () => {
  afterEach(() => setAccessToken(null));

  it('shows the stored keywords and switch, and saves one keyword a line', async () => {
    const calls = renderSection({
      OptOutKeywordSettings: () => ({ data: { optOutKeywordSettings: settings(['BAJA YA'], true) } }),
      UpdateOptOutKeywordSettings: (v) => ({
        data: {
          updateOptOutKeywordSettings: {
            __typename: 'OptOutKeywordSettingsPayload',
            settings: settings(v.optOutKeywords as string[], v.plainLanguageOptOuts as boolean),
            errors: [],
            message: 'All changes saved',
          },
        },
      }),
    });
    const user = userEvent.setup();
    const keywords = (await screen.findByRole('textbox', { name: 'Opt-out keywords' })) as HTMLTextAreaElement;
    await waitFor(() => expect(keywords.value).toBe('BAJA YA'));
    const plain = screen.getByRole('switch', { name: /Plain-language opt-outs/ }) as HTMLInputElement;
    expect(plain.checked).toBe(true);

    await user.type(keywords, '\n\nleave me be');
    await user.click(plain);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText('All changes saved')).textContent).toBe('All changes saved');
    expect(callsTo(calls, 'UpdateOptOutKeywordSettings')[0].variables).toEqual({
      optOutKeywords: ['BAJA YA', 'leave me be'],
      plainLanguageOptOuts: false,
    });
  });

  it('shows the server’s refusal under the keywords', async () => {
    renderSection({
      OptOutKeywordSettings: () => ({ data: { optOutKeywordSettings: settings([], true) } }),
      UpdateOptOutKeywordSettings: () => ({
        data: {
          updateOptOutKeywordSettings: {
            __typename: 'OptOutKeywordSettingsPayload',
            settings: null,
            errors: [
              {
                __typename: 'FieldError',
                field: 'optOutKeywords.0',
                messages: [keywordSettingMessages.reserved('help')],
              },
            ],
            message: null,
          },
        },
      }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Opt-out keywords' }), 'help');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText(keywordSettingMessages.reserved('help'))).textContent).toBe(
      keywordSettingMessages.reserved('help'),
    );
  });

  it('is read-only to whoever may not change the organization', async () => {
    renderSection(
      { OptOutKeywordSettings: () => ({ data: { optOutKeywordSettings: settings(['BAJA YA'], false) } }) },
      false,
    );
    const keywords = (await screen.findByRole('textbox', { name: 'Opt-out keywords' })) as HTMLTextAreaElement;
    expect(keywords.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
