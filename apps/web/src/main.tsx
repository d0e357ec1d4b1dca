import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';

import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
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
      <Notifications position="top-right" />
      <GraphqlProvider>
        <SessionProvider>
          {/* Inside the data and session providers so dialog content can query and check permissions. */}
          <ModalsProvider>
            <RouterProvider router={router} />
          </ModalsProvider>
        </SessionProvider>
      </GraphqlProvider>
    </MantineProvider>
  </StrictMode>,
);
