import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page';
import { findAlert } from '../../test/screen-reads';

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/clients', element: <p>Clients</p> },
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <MantineProvider env="test">
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('NotFoundPage', () => {
  it("says 'Page not found' and goes to the dashboard when there is no previous page", async () => {
    const router = renderAt(['/no-such-page']);
    expect(await findAlert('Page not found')).toEqual({
      title: 'Page not found',
      message: 'We redirected you to the previous page',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('goes back to the previous page when there is one', async () => {
    const router = renderAt(['/clients', '/no-such-page']);
    expect(await findAlert('Page not found')).toEqual({
      title: 'Page not found',
      message: 'We redirected you to the previous page',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
  });
});
