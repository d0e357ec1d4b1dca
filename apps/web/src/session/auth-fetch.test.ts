import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthFetch } from './auth-fetch';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const unauthenticated = () =>
  json({ data: null, errors: [{ message: 'You must sign in', extensions: { code: 'UNAUTHENTICATED' } }] });
const ok = () => json({ data: { clients: { totalCount: 3 } } });

function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new Error('unexpected fetch');
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const request: RequestInit = { method: 'POST', body: '{}', headers: { authorization: 'Bearer old' } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createAuthFetch', () => {
  it('passes ordinary answers through untouched', async () => {
    const fetchMock = stubFetch(ok());
    const renewToken = vi.fn();
    const response = await createAuthFetch({ renewToken, onSessionLost: vi.fn() })('/graphql', request);
    expect(await response.json()).toEqual({ data: { clients: { totalCount: 3 } } });
    expect(renewToken).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The server tells the app's own changes (audited as made in the app) from other API callers'.
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('x-canvass-client')).toBe('web');
  });

  it('renews the token once and replays the request with it', async () => {
    const fetchMock = stubFetch(unauthenticated(), ok());
    const onSessionLost = vi.fn();
    const authFetch = createAuthFetch({ renewToken: async () => 'fresh', onSessionLost });

    const response = await authFetch('/graphql', request);

    expect(await response.json()).toEqual({ data: { clients: { totalCount: 3 } } });
    const replayHeaders = new Headers(fetchMock.mock.calls[1][1]?.headers);
    expect(replayHeaders.get('authorization')).toBe('Bearer fresh');
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh cookie cannot renew it', async () => {
    stubFetch(unauthenticated());
    const onSessionLost = vi.fn();
    const response = await createAuthFetch({ renewToken: async () => null, onSessionLost })('/graphql', request);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    // urql still receives the original error, so the screen that asked can settle.
    expect((await response.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('does not loop when the replay is refused as well', async () => {
    const fetchMock = stubFetch(unauthenticated(), unauthenticated());
    const onSessionLost = vi.fn();
    await createAuthFetch({ renewToken: async () => 'fresh', onSessionLost })('/graphql', request);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });
});
