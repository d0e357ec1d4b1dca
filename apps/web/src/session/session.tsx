import { can as restrictionsAllow, messages, type Operation } from '@canvass/domain';
import { notifications } from '@mantine/notifications';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { graphqlRequest } from './graphql-request';
import { clearActivity, isSessionInactive, recordActivity, useInactivityTimeout } from './inactivity';
import { refreshSession } from './refresh-session';
import { CurrentUserQuery, LoginMutation, LogoutMutation, SwitchOrganizationMutation } from './session-operations';
import type { AuthPayload, CurrentUser } from './session-types';
import { getAccessToken, onSessionLost, setAccessToken } from './token-store';
import { errorText } from './error-text';
import { setDisplayTimeZone } from './display-zone';

export type { CurrentUser, Organization, UserRestriction } from './session-types';

/** What every screen knows about the signed-in user. */
export interface Session {
  user: CurrentUser | null;
  /** True until the session has been restored (or not) from the refresh cookie at app start. */
  loading: boolean;
  /** May the user do `operation` on `resource` (a restriction resource such as 'Client')? Admins always may. */
  can(operation: Operation, resource: string): boolean;
  isAdmin: boolean;
  /** Resolves to null on success, else the server's message to show. */
  signIn(email: string, password: string): Promise<string | null>;
  /** Takes the answer of another way in (an accepted invitation) as a sign-in; null on success, else its message. */
  adoptSignIn(payload: AuthPayload | null | undefined): string | null;
  signOut(): Promise<void>;
  /** Resolves to null on success, else the server's message. */
  switchOrganization(organizationId: string): Promise<string | null>;
  /** Re-reads the signed-in user from the server (after editing one's own profile, say). */
  refresh(): Promise<void>;
  /**
   * Changes whenever the session changes hands or organization (sign-in, sign-out, switch): the console's
   * GraphQL client is replaced then, so cached data of one user or organization never shows up for the next.
   */
  cacheKey: number;
}

/** Exported so tests can render components with a hand-made session. */
export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [cacheKey, setCacheKey] = useState(0);
  const resetClient = useCallback(() => setCacheKey((key) => key + 1), []);
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [loading, setLoading] = useState(true);
  // Before anything renders a date-time of this session: in its organization's zone (changes with a switch).
  setDisplayTimeZone(user?.currentOrganization?.timeZone);
  // Read by the session-lost listener, which is registered once and must not go stale.
  const userRef = useRef(user);
  useEffect(() => {
    userRef.current = user;
  }, [user]);

  /** Adopts a login/refresh/switch answer; returns the server's message when it did not grant a session. */
  const adopt = useCallback((payload: AuthPayload | null | undefined): string | null => {
    if (payload?.accessToken && payload.user) {
      setAccessToken(payload.accessToken);
      setUser(payload.user);
      return null;
    }
    return payload?.message ?? messages.invalidCredentials;
  }, []);

  // Bumped whenever the session changes hands (sign-in, sign-out), so a restore answered later cannot
  // resurrect a session the user has just ended or replaced.
  const generation = useRef(0);

  const endLocally = useCallback(() => {
    generation.current += 1;
    setAccessToken(null);
    clearActivity();
    setUser(null);
    resetClient();
  }, [resetClient]);

  const signOut = useCallback(async () => {
    // The server call clears the refresh cookie; the session ends locally even if the call fails.
    await graphqlRequest(LogoutMutation, {});
    endLocally();
  }, [endLocally]);

  // App start: an idle-expired session is ended instead of restored; otherwise the cookie may restore one.
  useEffect(() => {
    let cancelled = false;
    const restore = async () => {
      const startedAt = generation.current;
      if (isSessionInactive()) {
        await signOut();
      } else {
        const payload = await refreshSession();
        const current = !cancelled && generation.current === startedAt;
        if (current && payload.accessToken && payload.user) setUser(payload.user);
      }
      if (!cancelled) setLoading(false);
    };
    void restore();
    return () => {
      cancelled = true;
    };
    // signOut never changes identity, so this runs once per mount.
  }, [signOut]);

  // The GraphQL transport gave up on renewing the token: drop the user so the guard sends them to /login.
  useEffect(
    () =>
      onSessionLost(() => {
        if (userRef.current) notifications.show({ color: 'yellow', message: messages.sessionExpired });
        endLocally();
      }),
    [endLocally],
  );

  const onIdle = useCallback(() => {
    notifications.show({ color: 'yellow', message: messages.sessionExpired });
    void signOut();
  }, [signOut]);
  useInactivityTimeout(user !== null, onIdle);

  const adoptSignIn = useCallback(
    (payload: AuthPayload | null | undefined) => {
      // Signing in is activity: without this a stale timestamp from an old session would end the new one.
      recordActivity();
      generation.current += 1;
      resetClient();
      return adopt(payload);
    },
    [adopt, resetClient],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const result = await graphqlRequest(LoginMutation, { email, password });
      if (result.error && !result.data) return errorText(result.error);
      return adoptSignIn(result.data?.login);
    },
    [adoptSignIn],
  );

  const switchOrganization = useCallback(
    async (organizationId: string) => {
      const result = await graphqlRequest(SwitchOrganizationMutation, { organizationId });
      if (result.error && !result.data) return errorText(result.error);
      const message = adopt(result.data?.switchOrganization);
      // Everything cached belongs to the previous organization.
      if (!message) resetClient();
      return message;
    },
    [adopt, resetClient],
  );

  const refresh = useCallback(async () => {
    if (getAccessToken()) {
      const result = await graphqlRequest(CurrentUserQuery, {});
      if (result.data) {
        const fresh = result.data.currentUser;
        // The same viewer keeps its object: a re-read that changed nothing re-renders nothing.
        setUser((known) => (JSON.stringify(known) === JSON.stringify(fresh) ? known : fresh));
        return;
      }
    }
    const payload = await refreshSession();
    setUser(payload.accessToken ? payload.user : null);
  }, []);

  const value = useMemo<Session>(
    () => ({
      user,
      loading,
      isAdmin: user?.isAdmin ?? false,
      can: (operation, resource) =>
        user !== null && (user.isAdmin || restrictionsAllow(user.restrictions, operation, resource)),
      signIn,
      adoptSignIn,
      signOut,
      switchOrganization,
      refresh,
      cacheKey,
    }),
    [user, loading, signIn, adoptSignIn, signOut, switchOrganization, refresh, cacheKey],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
