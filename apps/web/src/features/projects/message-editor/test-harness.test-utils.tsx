import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { GraphqlProvider } from '../../../session/graphql-provider';
import { installFakeServer, type Handler } from '../../../test/fake-app';
import { theme } from '../../../ui/theme';

/** The server's option lists as the editor and the media field ask for them. */
export const serverOptions: Record<string, string[]> = {
  ProjectOptOutLanguage: ['Reply STOP to opt out', 'Txt STOP to quit', 'Responde PARAR para no recibir mensajes'],
  TextMimeType: ['image/jpeg', 'image/png', 'video/mp4'],
};

const optionsHandler: Handler = (v) => ({
  data: {
    options: (serverOptions[String(v.optionType)] ?? []).map((name) => ({ __typename: 'Option', name, label: name })),
  },
});

/** Test-only: `ui` inside Mantine and the urql client, against a fake server answering the option lists. */
export function renderWithServer(ui: ReactNode, handlers: Record<string, Handler> = {}) {
  const calls = installFakeServer({ OptionsByType: optionsHandler, ...handlers });
  const view = render(
    <MantineProvider theme={theme}>
      <GraphqlProvider>{ui}</GraphqlProvider>
    </MantineProvider>,
  );
  return { ...view, calls };
}
