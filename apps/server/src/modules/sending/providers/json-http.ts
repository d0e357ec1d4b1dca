import { Agent, request } from 'undici';

/**
 * One JSON request, with a 15 s ceiling on the answer besides the caller's signal. Network failures throw.
 * Through undici's request on one shared keep-alive agent rather than fetch: dispatch keeps hundreds of sends in
 * flight to one provider, and fetch's per-request overhead (streams, Response objects) capped a bare loop at a
 * fifth of what request on warm sockets does (bench send-dispatch).
 */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

const providers = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000 });

export async function requestJson(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  signal?: AbortSignal,
): Promise<JsonAnswer> {
  // undici's own timeouts bound the answer (no timer and signal per request at thousands a second).
  const res = await request(url, {
    method: init.method as 'GET' | 'POST',
    headers: init.headers,
    body: init.body,
    signal,
    dispatcher: providers,
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
  });
  const text = await res.body.text();
  const raw = res.headers;
  let headers: Headers | null = null;
  // Built when read: callers read a header (Retry-After) only on a refusal, and a Headers per answer is not free.
  return {
    status: res.statusCode,
    get headers() {
      return (headers ??= headersOf(raw));
    },
    body: parseJson(text),
  };
}

function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
  return headers;
}

/** An answer that is not JSON (an HTML error page from a proxy) is kept as its text. */
function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
