import { useEffect } from 'react';

/** Spec §9: session inactivity timeout, 1440 minutes unless the `session_timeout` cookie (minutes) says otherwise. */
export const DEFAULT_SESSION_TIMEOUT_MINUTES = 1440;
const LAST_ACTIVITY_KEY = 'canvass.lastActivityAt';
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;
// Writing localStorage on every mouse move is wasteful; activity seconds apart is indistinguishable here.
const RECORD_THROTTLE_MS = 5_000;
const CHECK_INTERVAL_MS = 15_000;

export function sessionTimeoutMs(cookie: string = document.cookie): number {
  const match = /(?:^|;\s*)session_timeout=([^;]*)/.exec(cookie);
  const minutes = match ? Number(decodeURIComponent(match[1])) : NaN;
  const valid = Number.isFinite(minutes) && minutes > 0;
  return (valid ? minutes : DEFAULT_SESSION_TIMEOUT_MINUTES) * 60_000;
}

/** Kept in localStorage so activity in any tab keeps the whole browser's session alive. */
export function recordActivity(now: number = Date.now()): void {
  localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
}

export function clearActivity(): void {
  localStorage.removeItem(LAST_ACTIVITY_KEY);
}

export function lastActivityAt(): number | null {
  const value = Number(localStorage.getItem(LAST_ACTIVITY_KEY) ?? NaN);
  return Number.isFinite(value) ? value : null;
}

/** No recorded activity means no evidence of idleness (first visit, cleared storage): not inactive. */
export function isSessionInactive(now: number = Date.now(), timeoutMs: number = sessionTimeoutMs()): boolean {
  const last = lastActivityAt();
  return last !== null && now - last > timeoutMs;
}

/** While `active`, records mouse/keyboard activity and calls `onTimeout` once the idle time exceeds the limit. */
export function useInactivityTimeout(active: boolean, onTimeout: () => void): void {
  useEffect(() => {
    if (!active) return;
    let lastRecorded = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastRecorded < RECORD_THROTTLE_MS) return;
      lastRecorded = now;
      recordActivity(now);
    };
    // A check on becoming visible catches a laptop waking up, when timers have been asleep.
    const check = () => {
      if (isSessionInactive()) onTimeout();
    };
    check();
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
    document.addEventListener('visibilitychange', check);
    const timer = window.setInterval(check, CHECK_INTERVAL_MS);
    return () => {
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity));
      document.removeEventListener('visibilitychange', check);
      window.clearInterval(timer);
    };
  }, [active, onTimeout]);
}
