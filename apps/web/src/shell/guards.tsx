import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { useSession } from '../session/session';

/** Signed-out visitors of a protected page land on /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <PageLoader />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** Sign-in and sign-up make no sense for someone already signed in. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <PageLoader />;
  if (user) return <Navigate to="/dashboard" replace />;
  return children;
}

/** Spec §2: the root goes to /dashboard when signed in, else /login. */
export function RootRedirect() {
  const { user, loading } = useSession();
  if (loading) return <PageLoader />;
  return <Navigate to={user ? '/dashboard' : '/login'} replace />;
}
