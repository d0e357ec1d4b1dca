import type RequestClient from 'twilio/lib/base/RequestClient';
import { isRetryableStatus, retryAfterMs } from '../http-retry';
import { twilioSdk } from './twilio-sdk';

/** Twilio answered 429 or 5xx: the SDK's own error drops the headers, so this one keeps Retry-After. */
export class TwilioBusyError extends Error {
  constructor(
    readonly status: number,
    readonly retryAfterMs: number | undefined,
  ) {
    super(`Twilio answered ${status}`);
  }
}

type HttpClientClass = new (baseUrl: string | undefined, options: RequestClient.RequestClientOptions) => RequestClient;
let HttpClient: HttpClientClass | null = null;

/**
 * The SDK's own RequestClient (auth, form encoding, timeouts), with two changes: with a baseUrl every Twilio host
 * (api.twilio.com, lookups.twilio.com …) is rewritten to `{baseUrl}/{original host}` so a local mock can tell the
 * APIs apart, and a 429 or 5xx becomes a TwilioBusyError carrying Retry-After (ARCHITECTURE §9). The class is
 * made on first use, its base being the SDK's, which is loaded only then.
 */
export function twilioHttpClient(baseUrl: string | undefined, options: RequestClient.RequestClientOptions) {
  HttpClient ??= httpClientClass(twilioSdk().RequestClient);
  return new HttpClient(baseUrl, options);
}

const httpClientClass = (Base: typeof RequestClient): HttpClientClass =>
  class TwilioHttpClient extends Base {
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
  };
