import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { isRetryableStatus, retryAfterMs } from './http-retry';

/** Twilio answered 429 or 5xx: the SDK's own error drops the headers, so this one keeps Retry-After. */
export class TwilioBusyError extends Error {
  constructor(
    readonly status: number,
    readonly retryAfterMs: number | undefined,
  ) {
    super(`Twilio answered ${status}`);
  }
}

/**
 * The SDK's own RequestClient (auth, form encoding, timeouts), with two changes: with a baseUrl every Twilio host
 * (api.twilio.com, lookups.twilio.com …) is rewritten to `{baseUrl}/{original host}` so a local mock can tell the
 * APIs apart, and a 429 or 5xx becomes a TwilioBusyError carrying Retry-After (ARCHITECTURE §9).
 */
export class TwilioHttpClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string | undefined,
    options: RequestClient.RequestClientOptions,
  ) {
    super(options);
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = this.baseUrl ? this.rewrite(opts.uri) : opts.uri;
    const response = await super.request({ ...opts, uri });
    if (isRetryableStatus(response.statusCode)) {
      const headers = response.headers as Record<string, string | undefined>;
      throw new TwilioBusyError(response.statusCode, retryAfterMs(headers['retry-after']));
    }
    return response;
  }

  private rewrite(uri: string): string {
    const original = new URL(uri);
    return `${this.baseUrl!.replace(/\/$/, '')}/${original.host}${original.pathname}${original.search}`;
  }
}
