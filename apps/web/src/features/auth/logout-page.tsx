import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { useSession } from '../../app/session';

/** /logout: ends the session, then goes to / (which sends a signed-out visitor to /login). */
export function LogoutPage() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  // React's development double-run of effects must not send two logout calls.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate('/', { replace: true }));
  }, [signOut, navigate]);

  return <PageLoader />;
}
