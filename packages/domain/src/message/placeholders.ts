import { rowColumnKeys, type RowColumnKey } from '../row-columns';

/**
 * Placeholders of a project's message, per the contract the load engine's SQL follows too: `{name}` in curly
 * braces, no nesting, no escaping. A name is matched trimmed and case-insensitively; `{link:code}` names one of the
 * organization's shortened links by its code, matched exactly (codes are parts of URLs, where case matters).
 */

/** What the project's message can draw on. */
export interface PlaceholderContext {
  /** The list's kept column headers, in order: header i is the row's rowColumnKeys[i]. */
  listHeaders: readonly string[];
  /** The organization's text defaults. */
  textDefaults: readonly { field: string; value: string }[];
  /**
   * The organization's shortened links: the code a message names (its shortCode, else its generatedShortCode) and
   * the custom domain it is served on (null when it has none: a problem the stepper reports).
   */
  links: readonly { code: string; domain: string | null }[];
}

/** One recipient's values: names and the row's generic columns. A missing cell renders as ''. */
export interface PlaceholderRecipient {
  firstName?: string | null;
  lastName?: string | null;
  columns?: Partial<Record<RowColumnKey, string | null>>;
  /** This text's 8-character link token; the sample token when not given (previews, length estimates). */
  linkToken?: string;
}

export type PlaceholderKind = 'name' | 'listHeader' | 'textDefault' | 'link';

/** A placeholder offered in the editor's menu. */
export interface AvailablePlaceholder {
  kind: PlaceholderKind;
  /** What is inserted: `{firstName}`, `{Precinct}`, `{link:vote}`. */
  token: string;
  /** What the menu shows. */
  label: string;
  /** A short description: the default's value, the link's address. */
  description: string;
}

/** A `{…}` found in a message. */
export interface PlaceholderToken {
  /** As written, braces included. */
  raw: string;
  /** Inside the braces, trimmed. */
  name: string;
  /** The shortened link's code when the token is `{link:code}`, else null. */
  linkCode: string | null;
  start: number;
  end: number;
}

export type PlaceholderProblemCode = 'unknownPlaceholder' | 'unknownLink' | 'linkWithoutDomain';

export interface PlaceholderProblem {
  code: PlaceholderProblemCode;
  placeholder: string;
  message: string;
}

/** Length of a link token (texts.tracking_id). */
export const LINK_TOKEN_LENGTH = 8;
/** Stands for a recipient's token where none exists yet: same length, so estimates match the load's. */
export const SAMPLE_LINK_TOKEN = 'Ab12Cd34';

const NAME_PLACEHOLDERS = [
  { token: '{firstName}', key: 'firstname', label: 'First name' },
  { token: '{lastName}', key: 'lastname', label: 'Last name' },
] as const;

const LINK_PREFIX = /^link\s*:\s*/i;
const fold = (name: string) => name.trim().toLowerCase();

/** Every `{…}` of a message, in order. A lone `{` or `}` is plain text. */
export function parsePlaceholders(message: string): PlaceholderToken[] {
  const tokens: PlaceholderToken[] = [];
  for (const m of message.matchAll(/\{([^{}]*)\}/g)) {
    const name = m[1].trim();
    const link = LINK_PREFIX.exec(name);
    tokens.push({
      raw: m[0],
      name,
      linkCode: link ? name.slice(link[0].length).trim() : null,
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return tokens;
}

/** The URL a `{link:code}` becomes for one text. */
export function shortLinkUrl(domain: string, code: string, token: string = SAMPLE_LINK_TOKEN): string {
  return `https://${domain.replace(/^https?:\/\//i, '').replace(/\/+$/, '')}/${code}/${token}`;
}

/** What one placeholder stands for in a given context (the contract's precedence applied). */
export type ResolvedPlaceholder =
  | { kind: 'name'; field: 'firstName' | 'lastName' }
  | { kind: 'listHeader'; column: RowColumnKey }
  | { kind: 'textDefault'; value: string }
  | { kind: 'link'; code: string; domain: string | null }
  | { kind: 'unknown' }
  | { kind: 'unknownLink' };

/** A message cut into its literal text and its placeholders, each resolved: what a renderer walks through. */
export type MessagePiece =
  { kind: 'text'; text: string } | { kind: 'placeholder'; token: PlaceholderToken; resolved: ResolvedPlaceholder };

/** Lookups built once per context: precedence names, then list headers, then text defaults (first match wins). */
function resolver(context: PlaceholderContext): (token: PlaceholderToken) => ResolvedPlaceholder {
  const headers = new Map<string, RowColumnKey>();
  context.listHeaders.forEach((header, i) => {
    const key = fold(header);
    if (key && i < rowColumnKeys.length && !headers.has(key)) headers.set(key, rowColumnKeys[i]);
  });
  const defaults = new Map<string, string>();
  for (const d of context.textDefaults) if (!defaults.has(fold(d.field))) defaults.set(fold(d.field), d.value);
  const links = new Map(context.links.map((l) => [l.code, l.domain]));
  return (token) => {
    if (token.linkCode !== null) {
      if (!links.has(token.linkCode)) return { kind: 'unknownLink' };
      return { kind: 'link', code: token.linkCode, domain: links.get(token.linkCode) ?? null };
    }
    const key = fold(token.name);
    if (key === 'firstname') return { kind: 'name', field: 'firstName' };
    if (key === 'lastname') return { kind: 'name', field: 'lastName' };
    const column = headers.get(key);
    if (column) return { kind: 'listHeader', column };
    const value = defaults.get(key);
    if (value !== undefined) return { kind: 'textDefault', value };
    return { kind: 'unknown' };
  };
}

/**
 * The message's pieces in order: the text between placeholders (never empty) and each placeholder with what it
 * resolves to. The editor's preview and the load's SQL both render from these, so they cannot disagree.
 */
export function messagePieces(message: string, context: PlaceholderContext): MessagePiece[] {
  const resolve = resolver(context);
  const pieces: MessagePiece[] = [];
  let at = 0;
  for (const token of parsePlaceholders(message)) {
    if (token.start > at) pieces.push({ kind: 'text', text: message.slice(at, token.start) });
    pieces.push({ kind: 'placeholder', token, resolved: resolve(token) });
    at = token.end;
  }
  if (at < message.length) pieces.push({ kind: 'text', text: message.slice(at) });
  return pieces;
}

/** Why a resolved placeholder cannot render, or null when it can. */
export function placeholderProblemOf(resolved: ResolvedPlaceholder): PlaceholderProblemCode | null {
  if (resolved.kind === 'unknown') return 'unknownPlaceholder';
  if (resolved.kind === 'unknownLink') return 'unknownLink';
  if (resolved.kind === 'link' && !resolved.domain) return 'linkWithoutDomain';
  return null;
}

/** The placeholders a project's message may use, in menu order: names, list columns, text defaults, links. */
export function availablePlaceholders(context: PlaceholderContext): AvailablePlaceholder[] {
  const seen = new Set<string>(NAME_PLACEHOLDERS.map((n) => n.key));
  const result: AvailablePlaceholder[] = NAME_PLACEHOLDERS.map((n) => ({
    kind: 'name',
    token: n.token,
    label: n.label,
    description: "The recipient's " + n.label.toLowerCase(),
  }));
  // A header or default hidden by an earlier match (same name) is left out: inserting it would render the other.
  const offer = (kind: 'listHeader' | 'textDefault', name: string, description: string) => {
    const key = fold(name);
    if (!key || seen.has(key) || /[{}]/.test(name) || LINK_PREFIX.test(key)) return;
    seen.add(key);
    result.push({ kind, token: `{${name.trim()}}`, label: name.trim(), description });
  };
  context.listHeaders.slice(0, rowColumnKeys.length).forEach((h) => offer('listHeader', h, 'A column of the list'));
  for (const d of context.textDefaults) offer('textDefault', d.field, d.value);
  for (const l of context.links)
    if (l.domain)
      result.push({
        kind: 'link',
        token: `{link:${l.code}}`,
        label: `${l.domain}/${l.code}`,
        description: 'A shortened link, counted per recipient',
      });
  return result;
}

/** The sentences the stepper shows (and the load's refusal repeats) for placeholders that cannot render. */
export const placeholderMessages = {
  unknownPlaceholder: (raw: string) => `The message uses ${raw}, which is not a column of the list or a text default`,
  unknownLink: (raw: string) => `The message uses ${raw}, which is not one of the organization's shortened links`,
  linkWithoutDomain: (raw: string) =>
    `The message uses ${raw}, a shortened link without a custom domain: give the link one of the organization's domains`,
} as const;

/** Placeholders that cannot render, each once, in order of first use. An empty list means the message is fine. */
export function placeholderProblems(message: string, context: PlaceholderContext): PlaceholderProblem[] {
  const problems: PlaceholderProblem[] = [];
  const seen = new Set<string>();
  for (const piece of messagePieces(message, context)) {
    if (piece.kind === 'text') continue;
    const code = placeholderProblemOf(piece.resolved);
    if (!code || seen.has(piece.token.raw)) continue;
    seen.add(piece.token.raw);
    problems.push({ code, placeholder: piece.token.raw, message: placeholderMessages[code](piece.token.raw) });
  }
  return problems;
}

/**
 * The message as one recipient receives it. With no recipient (an estimate while typing), names and list columns
 * stay as written, so their length stands in for a typical value; text defaults and links are filled in (a link
 * with the 8-character sample token: the same length as the real one). A placeholder that cannot render stays as
 * written: placeholderProblems says why.
 */
export function renderMessage(
  message: string,
  context: PlaceholderContext,
  recipient: PlaceholderRecipient | null = null,
): string {
  const valueOf = (token: PlaceholderToken, r: ResolvedPlaceholder): string => {
    switch (r.kind) {
      case 'textDefault':
        return r.value;
      case 'link':
        return r.domain ? shortLinkUrl(r.domain, r.code, recipient?.linkToken) : token.raw;
      case 'name':
        return recipient ? (recipient[r.field] ?? '') : token.raw;
      case 'listHeader':
        return recipient ? (recipient.columns?.[r.column] ?? '') : token.raw;
      default:
        return token.raw;
    }
  };
  return messagePieces(message, context)
    .map((p) => (p.kind === 'text' ? p.text : valueOf(p.token, p.resolved)))
    .join('');
}
