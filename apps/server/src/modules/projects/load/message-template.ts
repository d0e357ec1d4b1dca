import { rowColumnKeys } from '@canvass/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rows } from '../../../platform/db/schema/index';
import { ProjectLoadError, projectLoadMessages } from './load-error';

/**
 * A project's message as the load renders it in SQL (message contract): literal text, the recipient row's columns
 * and one link token per text. Placeholders are resolved once, here, so the per-row work is a concatenation.
 */
export type TemplatePart =
  | { kind: 'literal'; text: string }
  /** A column of rows (first_name, column_three …): a missing cell renders as ''. */
  | { kind: 'column'; column: string }
  /** `https://<domain>/<code>/` followed by the text's token. */
  | { kind: 'link'; prefix: string };

export interface ShortLink {
  shortCode: string | null;
  generatedShortCode: string;
  domain: string | null;
}

export interface TemplateContext {
  /** The list's row_headers: index i is rowColumnKeys[i]. */
  headers: readonly string[];
  /** text_defaults field → value. */
  textDefaults: readonly { field: string; value: string }[];
  links: readonly ShortLink[];
}

const PLACEHOLDER = /\{([^{}]*)\}/g;
const key = (s: string) => s.trim().toLowerCase();

/**
 * Splits the message into parts, resolving each placeholder by the contract's precedence: firstName/lastName, a
 * list header, a text default; `{link:code}` a shortened link. Throws a ProjectLoadError naming the first one that
 * resolves to nothing.
 */
export function compileTemplate(message: string, ctx: TemplateContext): TemplatePart[] {
  const parts: TemplatePart[] = [];
  const literal = (text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'literal') last.text += text;
    else parts.push({ kind: 'literal', text });
  };
  const headerIndex = new Map<string, number>();
  ctx.headers.forEach((h, i) => {
    if (!headerIndex.has(key(h))) headerIndex.set(key(h), i);
  });
  const defaults = new Map(ctx.textDefaults.map((d) => [key(d.field), d.value]));
  let at = 0;
  for (const match of message.matchAll(PLACEHOLDER)) {
    literal(message.slice(at, match.index));
    at = match.index + match[0].length;
    const name = match[1];
    const k = key(name);
    if (k.startsWith('link:')) {
      const code = name.trim().slice('link:'.length).trim();
      const link = ctx.links.find((l) => (l.shortCode ?? l.generatedShortCode) === code);
      if (!link) throw new ProjectLoadError(projectLoadMessages.unknownLink(code));
      if (!link.domain) throw new ProjectLoadError(projectLoadMessages.linkWithoutDomain(code));
      parts.push({ kind: 'link', prefix: `https://${link.domain}/${code}/` });
    } else if (k === 'firstname') parts.push({ kind: 'column', column: rows.firstName.name });
    else if (k === 'lastname') parts.push({ kind: 'column', column: rows.lastName.name });
    else if (headerIndex.has(k)) parts.push({ kind: 'column', column: rows[rowColumnKeys[headerIndex.get(k)!]].name });
    else if (defaults.has(k)) literal(defaults.get(k)!);
    else throw new ProjectLoadError(projectLoadMessages.unknownPlaceholder(name));
  }
  literal(message.slice(at));
  return parts;
}

/** Whether the rendered message carries a per-text token. */
export const hasLink = (parts: readonly TemplatePart[]) => parts.some((p) => p.kind === 'link');

/**
 * The SQL expression of the rendered message over `alias` (which has the row's columns and, when the message has a
 * link, `token`): literals are bound parameters, so a message is never spliced into the SQL.
 */
export function renderSql(parts: readonly TemplatePart[], alias: string): SQL {
  if (parts.length === 0) return sql`''::text`;
  const pieces = parts.map((p) => {
    if (p.kind === 'literal') return sql`${p.text}::text`;
    if (p.kind === 'column') return sql`coalesce(${sql.raw(`${alias}.${p.column}`)}, '')`;
    return sql`${p.prefix}::text || ${sql.raw(`${alias}.token`)}`;
  });
  return sql`(${sql.join(pieces, sql` || `)})`;
}

/** The rows columns the rendered message reads. */
export const columnsOf = (parts: readonly TemplatePart[]) => [
  ...new Set(parts.flatMap((p) => (p.kind === 'column' ? [p.column] : []))),
];
