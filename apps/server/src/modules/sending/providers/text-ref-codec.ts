import type { TextRef } from './messaging-provider';

/**
 * Our TextRef as providers carry it back: in the status callback URL's query (Twilio signs that URL, so the ref
 * cannot be altered), as a JSON tag (Bandwidth's `tag`) or as the idempotency key (RedCloud's externalReference).
 */

const positiveInt = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

const refOf = (organizationId: unknown, textId: unknown, createdAtMs: unknown): TextRef | null => {
  const o = positiveInt(organizationId);
  const t = positiveInt(textId);
  const c = positiveInt(createdAtMs);
  return o && t && c ? { organizationId: o, textId: t, createdAtMs: c } : null;
};

/** The callback URL with the ref in parameters o, t and c. */
export function withTextRef(url: string, ref: TextRef): string {
  const u = new URL(url);
  u.searchParams.set('o', String(ref.organizationId));
  u.searchParams.set('t', String(ref.textId));
  u.searchParams.set('c', String(ref.createdAtMs));
  return u.href;
}

/**
 * withTextRef for many refs on one URL: the URL parsed once, each ref's parameters appended to its text (dispatch
 * builds one callback URL per text sent). The same text as withTextRef, which it falls back to when the ref's
 * parameters would not come last (the URL already has some of them, or a fragment).
 */
export function textRefUrl(url: string): (ref: TextRef) => string {
  const tail = 'o=1&t=2&c=3';
  const probe = withTextRef(url, { organizationId: 1, textId: 2, createdAtMs: 3 });
  if (!probe.endsWith(tail)) return (ref) => withTextRef(url, ref);
  const base = probe.slice(0, -tail.length);
  return (ref) => `${base}o=${ref.organizationId}&t=${ref.textId}&c=${ref.createdAtMs}`;
}

export function textRefFromUrl(url: string): TextRef | null {
  const q = new URL(url).searchParams;
  return refOf(q.get('o'), q.get('t'), q.get('c'));
}

export const textRefTag = (ref: TextRef): string => JSON.stringify(ref);

export function textRefFromTag(tag: string | undefined | null): TextRef | null {
  if (!tag) return null;
  try {
    const parsed = JSON.parse(tag) as Partial<TextRef>;
    return refOf(parsed.organizationId, parsed.textId, parsed.createdAtMs);
  } catch {
    return null;
  }
}

/** The inverse of idempotencyKeyOf: canvass-{organizationId}-{textId}-{createdAtMs}, a resend's -r{n} after. */
export function textRefFromIdempotencyKey(key: string | undefined | null): TextRef | null {
  const m = /^canvass-(\d+)-(\d+)-(\d+)(?:-r\d+)?$/.exec(key ?? '');
  return m ? refOf(m[1], m[2], m[3]) : null;
}
