import { describe, expect, it } from 'vitest';
import { isSessionInactive, recordActivity, sessionTimeoutMs } from './inactivity';

const minutes = (n: number) => n * 60_000;

describe('session inactivity', () => {
  it('defaults to 1440 minutes', () => {
    expect(sessionTimeoutMs('')).toBe(minutes(1440));
    expect(sessionTimeoutMs('other=1; session_timeout=nonsense')).toBe(minutes(1440));
  });

  it('takes the timeout in minutes from the session_timeout cookie', () => {
    expect(sessionTimeoutMs('theme=dark; session_timeout=45')).toBe(minutes(45));
  });

  it('counts a session inactive only once the idle time exceeds the timeout', () => {
    const now = Date.now();
    expect(isSessionInactive(now, minutes(30))).toBe(false); // nothing recorded yet
    recordActivity(now - minutes(30));
    expect(isSessionInactive(now, minutes(30))).toBe(false);
    recordActivity(now - minutes(30) - 1);
    expect(isSessionInactive(now, minutes(30))).toBe(true);
  });
});
