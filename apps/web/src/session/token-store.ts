/**
 * The access token lives only in memory: a page reload drops it and the session is restored from the
 * httpOnly refresh cookie, so script injected into the page can never read a long-lived credential.
 */
let accessToken: string | null = null;
const sessionLostListeners = new Set<() => void>();

export function getAccessToken(): string | null {
  return accessToken;
}

export function setAccessToken(token: string | null): void {
  accessToken = token;
}

/** Called when the server rejects us and the refresh cookie cannot renew the session. */
export function notifySessionLost(): void {
  accessToken = null;
  sessionLostListeners.forEach((listener) => listener());
}

export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}
