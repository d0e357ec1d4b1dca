import { useCallback, useEffect, useState } from 'react';

/** Spec §9: alerts stay 3 seconds. */
export const ALERT_DURATION_MS = 3_000;

/**
 * A message that clears itself after `durationMs`. Showing a message again (even the same text) restarts the
 * clock, so a second failed attempt is visible for the full time.
 */
export function useTransientMessage(durationMs: number = ALERT_DURATION_MS): [string | null, (text: string) => void] {
  const [shown, setShown] = useState<{ text: string; at: number } | null>(null);

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [shown, durationMs]);

  const show = useCallback((text: string) => setShown({ text, at: Date.now() }), []);
  return [shown?.text ?? null, show];
}
