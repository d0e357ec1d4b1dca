import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from './session';

/** Re-reads at most this often: a burst of navigations (a redirect chain) costs one request. */
const MIN_INTERVAL_MS = 2_000;

/**
 * Keeps the signed-in viewer's role and restrictions current: they are re-read on each page change and when the
 * window regains focus, so a restriction an admin removes, or a role changed, hides the menus and buttons at the
 * user's next step rather than at the next token renewal (the API already checks every request).
 */
export function useViewerFreshness(): void {
  const { refresh } = useSession();
  const { pathname } = useLocation();
  const last = useRef(Date.now());
  const first = useRef(true);

  useEffect(() => {
    const reread = () => {
      if (Date.now() - last.current < MIN_INTERVAL_MS) return;
      last.current = Date.now();
      void refresh();
    };
    // The session was read when the app started: the first page needs no second read.
    if (first.current) first.current = false;
    else reread();
    window.addEventListener('focus', reread);
    return () => window.removeEventListener('focus', reread);
  }, [pathname, refresh]);
}
