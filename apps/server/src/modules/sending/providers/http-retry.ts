import type { SendOutcome } from './messaging-provider';

/** Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | null | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** 429 and 5xx: the provider is busy or broken right now, the same request may succeed later. */
export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;

export function retryOutcome(provider: string, status: number, retryAfter?: number): SendOutcome {
  const reason =
    status === 429 ? `${provider} is rate limiting our sends` : `${provider} answered ${status}: it is having trouble`;
  return retryAfter === undefined ? { kind: 'retry', reason } : { kind: 'retry', reason, retryAfterMs: retryAfter };
}

/** A request that never got an answer (refused, reset, DNS, timeout, aborted): the text may or may not have gone. */
export function networkRetry(provider: string, error: unknown): SendOutcome {
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'retry', reason: `No answer from ${provider} (${detail})` };
}

/**
 * For an SDK that takes no AbortSignal: settles as soon as the signal aborts (the request itself runs on in the
 * background; its outcome is unknown, which findSent or the idempotency key resolves).
 */
export function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('The send was aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
