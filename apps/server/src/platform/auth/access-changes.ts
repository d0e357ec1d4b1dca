import { topics } from '../events/events';
import type { Platform } from '../platform';
import { viewerFromAuthorization } from './request-viewer';
import type { VerifiedAccess } from './tokens';

/**
 * Tells every API process that a user's access may have changed (signed out, session revoked, locked, removed),
 * so its live connections re-check it at once. Call it after the change has committed: a re-check that runs
 * before the commit sees the old state. A lost announcement only delays the end to the next periodic re-check.
 */
export async function announceAccessChange(platform: Platform, userId: number): Promise<void> {
  try {
    await platform.events.publish(topics.userAccess(userId), { userId });
  } catch (err) {
    platform.logger.warn({ err, userId }, 'access change not announced');
  }
}

/** setTimeout's longest delay; a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Watches a live connection's access token: `onLost` is called once, when the token expires or a re-check finds
 * no viewer behind it any more. A re-check runs on each announcement for its user (from any process) and every
 * SESSION_RECHECK_SECONDS as a backstop. Returns the function that stops watching.
 */
export function watchAccess(
  platform: Platform,
  authorization: string,
  access: VerifiedAccess,
  onLost: () => void,
): () => void {
  let stopped = false;
  const changes = platform.events.subscribe(topics.userAccess(access.userId));
  const lose = () => {
    if (stopped) return;
    stop();
    onLost();
  };
  const recheck = async () => {
    try {
      if (!stopped && !(await viewerFromAuthorization(platform, authorization))) lose();
    } catch (err) {
      // The database unreachable says nothing about the viewer: the next re-check decides.
      platform.logger.warn({ err, userId: access.userId }, 'access re-check failed');
    }
  };
  const expiry = setTimeout(lose, Math.min(Math.max(0, access.expiresAt - Date.now()), MAX_TIMER_MS));
  const backstop = setInterval(() => void recheck(), platform.config.SESSION_RECHECK_SECONDS * 1000);
  backstop.unref();
  expiry.unref();
  void (async () => {
    for await (const _change of changes) await recheck();
  })().catch(() => {
    // The feed failing leaves the backstop and the expiry to end the connection.
  });
  function stop() {
    stopped = true;
    clearTimeout(expiry);
    clearInterval(backstop);
    void changes.return?.();
  }
  return stop;
}
