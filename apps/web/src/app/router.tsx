import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { OrganizationPage } from '../features/account/organization-page';
import { QueueMonitorPage } from '../features/admin/queue-monitor-page';
import { ProfilePage } from '../features/account/profile-page';
import { LoginPage } from '../features/auth/login-page';
import { LogoutPage } from '../features/auth/logout-page';
import { PasswordRecoveryPage } from '../features/auth/password-recovery-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SignUpPage } from '../features/auth/sign-up-page';
import { UpdatePasswordPage } from '../features/auth/update-password-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { NotFoundPage } from '../features/errors/not-found-page';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { resourceRoutes } from '../resources/routes';
import { comingSoonRoutes } from './coming-soon-routes';
import { RedirectIfSignedIn, RequireAuth, RootRedirect } from './guards';
import { AppLayout } from './layout';

/** Every route of the app; a function so tests can mount it in a memory router. */
export function appRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <Outlet />,
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
            { path: 'login', element: <LoginPage /> },
            { path: 'sign-up', element: <SignUpPage /> },
            { path: 'signup', element: <SignUpPage /> },
            { path: 'password-recovery', element: <PasswordRecoveryPage /> },
          ],
        },
        // A reset link works whoever is signed in in this browser.
        { path: 'reset', element: <ResetPasswordPage /> },
        { path: 'logout', element: <LogoutPage /> },
        {
          element: (
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          ),
          // Errors inside the shell keep the menus around them.
          errorElement: <RouteErrorPage />,
          children: [
            { path: 'dashboard', element: <DashboardPage /> },
            { path: 'update-password', element: <UpdatePasswordPage /> },
            { path: 'profile', element: <ProfilePage /> },
            { path: 'organization', element: <OrganizationPage /> },
            { path: 'admin/queue', element: <QueueMonitorPage /> },
            ...resourceRoutes(),
            ...comingSoonRoutes(),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
