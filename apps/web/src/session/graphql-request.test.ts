import { afterEach, describe, expect, it, vi } from 'vitest';
import { cannotReachServer, errorText } from './error-text';
import { graphqlOperation, graphqlRequest } from './graphql-request';
import { installFakeServer } from '../test/fake-app';
import { setAccessToken } from './token-store';

const AuthConfigQuery = graphqlOperation<{ authConfig: { signUpEnabled: boolean } }>(`
  query AuthConfig { authConfig { signUpEnabled } }
`);
const LogoutMutation = graphqlOperation<{ logout: boolean }>(`
  mutation Logout { logout }
`);
const config = () => ({ data: { authConfig: { signUpEnabled: true } } });
// What fetch does when no answer comes back (offline, server down).
const noAnswer = (): never => {
  throw new TypeError('Failed to fetch');
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setAccessToken(null);
});

describe('graphqlRequest', () => {
  it('sends the operation by name with the access token and answers with its data', async () => {
    setAccessToken('token-1');
    const calls = installFakeServer({ AuthConfig: config });
    expect(await graphqlRequest(AuthConfigQuery, {})).toEqual({ data: { authConfig: { signUpEnabled: true } } });
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('authorization')).toBe('Bearer token-1');
  });

  it("gives the server's message when it answers with an error", async () => {
    installFakeServer({ Logout: () => ({ data: null, errors: [{ message: 'Logging out is off today' }] }) });
    const { data, error } = await graphqlRequest(LogoutMutation, {});
    expect(data).toBeUndefined();
    expect(error && errorText(error)).toBe('Logging out is off today');
  });

  it('asks again when a read got no answer, and answers once the server does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let attempts = 0;
    const calls = installFakeServer({ AuthConfig: () => (++attempts < 3 ? noAnswer() : config()) });
    const answer = graphqlRequest(AuthConfigQuery, {});
    await vi.runAllTimersAsync();
    expect((await answer).data?.authConfig.signUpEnabled).toBe(true);
    expect(calls).toHaveLength(3);
  });

  it("says 'Cannot reach the server' once a read's retries are spent", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = installFakeServer({ AuthConfig: noAnswer });
    const answer = graphqlRequest(AuthConfigQuery, {});
    await vi.runAllTimersAsync();
    const { error } = await answer;
    expect(error && errorText(error)).toBe(cannotReachServer);
    expect(calls).toHaveLength(4);
  });

  it('sends a mutation that got no answer only once: it may have reached the server', async () => {
    const calls = installFakeServer({ Logout: noAnswer });
    const { error } = await graphqlRequest(LogoutMutation, {});
    expect(error && errorText(error)).toBe(cannotReachServer);
    expect(calls).toHaveLength(1);
  });

  it('reports an answer that is not GraphQL as technical difficulties, not as an unreachable server', async () => {
    vi.stubGlobal('fetch', async () => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const { error } = await graphqlRequest(LogoutMutation, {});
    expect(error && errorText(error)).not.toBe(cannotReachServer);
    expect(error?.graphQLErrors).toEqual([]);
  });
});
