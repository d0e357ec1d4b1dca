import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { useSession } from '../../session/session';

/** /logout: ends the session, then goes to / (which sends a signed-out visitor to /login). */
export function LogoutPage() {
  const { signOut, loading } = useSession();
  const navigate = useNavigate();
  // React's development double-run of effects must not send two logout calls.
  const started = useRef(false);

  useEffect(() => {
    // Opened as a fresh page load, the app is still restoring the session; a refresh answered after the logout
    // would set a new refresh cookie and undo it. So sign out only once that is settled.
    if (loading || started.current) return;
    started.current = true;
    void signOut().then(() => navigate('/', { replace: true }));
  }, [loading, signOut, navigate]);

  return <PageLoader />;
}
