import { requestJson } from '../json-http';

/**
 * RedCloud's OAuth2 client-credentials token (POST /api/auth/token, client id and secret as Basic auth,
 * https://dev.redcloud.live/getting-started/quickstart), cached until a minute before it expires; concurrent
 * sends share one request for it.
 */
export class RedCloudToken {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  get(signal?: AbortSignal): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return Promise.resolve(this.token.value);
    this.pending ??= this.fetchToken(signal).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** The API refused the token (revoked or expired early): the next get() asks for a new one. */
  forget(): void {
    this.token = null;
  }

  private async fetchToken(signal?: AbortSignal): Promise<string> {
    const basic = Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64');
    const answer = await requestJson(
      `${this.baseUrl}/api/auth/token`,
      {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      },
      signal,
    );
    const body = answer.body as { access_token?: string; expires_in?: number; error_description?: string } | null;
    if (answer.status !== 200 || !body?.access_token) {
      throw new RedCloudAuthError(answer.status, body?.error_description ?? 'no token');
    }
    const lifetimeMs = (body.expires_in ?? 3600) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetimeMs - 60_000) };
    return body.access_token;
  }
}

export class RedCloudAuthError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`RedCloud refused the API credentials (${status}: ${detail})`);
  }
}
