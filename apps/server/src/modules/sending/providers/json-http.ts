import type { IncomingHttpHeaders } from 'node:http';
import { Agent, type Dispatcher } from 'undici';

/**
 * One JSON request, with a 15 s ceiling on the answer besides the caller's signal. Network failures throw.
 * Through undici's dispatch on one shared keep-alive agent, with a handler that gathers the answer's bytes, rather
 * than fetch or request: dispatch keeps hundreds of sends in flight to one provider, and the streams those build per
 * answer (a Response, or request's body Readable) were most of the client's time. fetch capped a bare loop at a fifth
 * of what request does on warm sockets; the handler spends about half of request's CPU per send (bench send-dispatch).
 */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

const providers = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000 });

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** The answer's status, headers and body text, gathered by a dispatch handler; rejects on a network failure. */
function dispatch(options: Dispatcher.DispatchOptions, signal?: AbortSignal): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    let onAbort: (() => void) | null = null;
    const settled = () => {
      if (onAbort) signal!.removeEventListener('abort', onAbort);
    };
    providers.dispatch(options, {
      onRequestStart(controller) {
        if (!signal || onAbort) return;
        onAbort = () => controller.abort(signal.reason as Error);
        // Aborted while the request waited for a connection: no event is left to hear.
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      },
      onResponseStart(_controller, statusCode, responseHeaders) {
        status = statusCode;
        headers = responseHeaders;
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        settled();
        resolve({ status, headers, text: Buffer.concat(chunks).toString('utf8') });
      },
      onResponseError(_controller, err) {
        settled();
        reject(err);
      },
    });
  });
}

export async function requestJson(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  signal?: AbortSignal,
): Promise<JsonAnswer> {
  const target = new URL(url);
  // undici's own timeouts bound the answer (no timer and signal per request at thousands a second).
  const answer = await dispatch(
    {
      origin: target.origin,
      path: `${target.pathname}${target.search}`,
      method: init.method as Dispatcher.HttpMethod,
      headers: init.headers,
      body: init.body ?? null,
      headersTimeout: 15_000,
      bodyTimeout: 15_000,
    },
    signal,
  );
  let headers: Headers | null = null;
  // Built when read: callers read a header (Retry-After) only on a refusal, and a Headers per answer is not free.
  return {
    status: answer.status,
    get headers() {
      return (headers ??= headersOf(answer.headers));
    },
    body: parseJson(answer.text),
  };
}

function headersOf(raw: IncomingHttpHeaders): Headers {
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
