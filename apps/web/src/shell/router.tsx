import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { RedirectIfSignedIn, RequireAuth, RootRedirect } from './guards';
import { PageLoader } from '../ui/page-loader';

/**
 * A route whose page is its own chunk: the login page does not carry the console, nor the dashboard the forms.
 * React Router loads the module before it renders the route, so no placeholder flashes in between.
 */
function page<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** Every route of the app; a function so tests can mount it in a memory router. */
export function appRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      // Components loaded with React.lazy (resource screens) show the loader while their chunk arrives.
      element: (
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      ),
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <RootRedirect /> },
        {
          element: (
            <RedirectIfSignedIn>
              <Outlet />
            </RedirectIfSignedIn>
          ),
          children: [
            { path: 'login', lazy: page(() => import('../features/auth/login-page'), 'LoginPage') },
            { path: 'sign-up', lazy: page(() => import('../features/auth/sign-up-page'), 'SignUpPage') },
            { path: 'signup', lazy: page(() => import('../features/auth/sign-up-page'), 'SignUpPage') },
            {
              path: 'password-recovery',
              lazy: page(() => import('../features/auth/password-recovery-page'), 'PasswordRecoveryPage'),
            },
          ],
        },
        // A reset link works whoever is signed in in this browser.
        { path: 'reset', lazy: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage') },
        { path: 'invitation', lazy: page(() => import('../features/auth/invitation-page'), 'InvitationPage') },
        { path: 'logout', lazy: page(() => import('../features/auth/logout-page'), 'LogoutPage') },
        {
          lazy: async () => {
            const { AppLayout } = await import('./layout');
            return {
              element: (
                <RequireAuth>
                  <AppLayout />
                </RequireAuth>
              ),
            };
          },
          // Errors inside the shell keep the menus around them.
          errorElement: <RouteErrorPage />,
          children: [
            { path: 'dashboard', lazy: page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage') },
            {
              path: 'update-password',
              lazy: page(() => import('../features/auth/update-password-page'), 'UpdatePasswordPage'),
            },
            { path: 'profile', lazy: page(() => import('../features/account/profile-page'), 'ProfilePage') },
            {
              // Tabs (/organization/{tab}) and edit sections (/organization/edit/{section}) inside the page.
              path: 'organization/*',
              lazy: page(() => import('../features/organization/organization-page'), 'OrganizationPage'),
            },
            {
              // Its own route beside the organization page (spec §6 restrictions; linked from the settings menu).
              path: 'organization/restrictions',
              lazy: page(() => import('../features/restrictions/restrictions-page'), 'RestrictionsPage'),
            },
            {
              path: 'admin/queue',
              lazy: page(() => import('../features/admin/queue-monitor-page'), 'QueueMonitorPage'),
            },
            // Resource screens, upcoming menu entries and 'not found' (console-routes.tsx).
            { path: '*', lazy: page(() => import('./console-routes'), 'ConsoleRoutes') },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
