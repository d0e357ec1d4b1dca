/** One JSON request over fetch, with a 15 s ceiling on top of the caller's signal. Network failures throw. */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function requestJson(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  signal?: AbortSignal,
): Promise<JsonAnswer> {
  const timeout = AbortSignal.timeout(15_000);
  const res = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: parseJson(text) };
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
