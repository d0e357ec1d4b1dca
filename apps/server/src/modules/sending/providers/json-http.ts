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
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body };
}
