import './shell/public-styles';

import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { DeferredToasts } from './shell/deferred-toasts';
import { createAppRouter } from './shell/router';
import { SessionProvider } from './session/session';
import { theme } from './ui/theme';

const router = createAppRouter();

// After a release the previous build's chunks are gone: a tab opened before it reloads into the new app when its
// next page fails to load, instead of showing the error page (at most once a minute, so a real outage cannot loop).
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('canvass-reloaded-at') ?? 0);
  if (Date.now() - last < 60_000) return;
  event.preventDefault();
  sessionStorage.setItem('canvass-reloaded-at', String(Date.now()));
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    {/* All theme variables from the provider, not only those unlike the default theme: the public pages do not
        load Mantine's stylesheet of default variables (public-styles.ts). */}
    <MantineProvider theme={theme} deduplicateCssVariables={false}>
      <DeferredToasts />
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>
  </StrictMode>,
);
