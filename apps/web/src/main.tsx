import './app/public-styles';

import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { DeferredToasts } from './app/deferred-toasts';
import { GraphqlProvider } from './app/graphql-provider';
import { createAppRouter } from './app/router';
import { SessionProvider } from './app/session';
import { theme } from './app/theme';

const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <DeferredToasts />
      <GraphqlProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </GraphqlProvider>
    </MantineProvider>
  </StrictMode>,
);
