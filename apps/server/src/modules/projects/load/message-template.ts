import {
  messagePieces,
  placeholderMessages,
  placeholderProblemOf,
  shortLinkUrl,
  type PlaceholderContext,
} from '@canvass/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rows } from '../../../platform/db/schema/index';
import type { Tx } from '../../../platform/db/tenant';
import { messageLinksOf } from '../../shortened-links/message-links';
import { ProjectLoadError } from './load-error';

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

/** What the organization's messages may name: the list's headers, its text defaults and its shortened links. */
export async function templateContext(tx: Tx, org: number, headers: string[]): Promise<PlaceholderContext> {
  const defaults = await tx.execute<{ field: string; value: string }>(
    sql`SELECT field, value FROM text_defaults WHERE organization_id = ${org} ORDER BY id`,
  );
  return { listHeaders: headers, textDefaults: defaults.rows, links: await messageLinksOf(tx, org) };
}

/**
 * Splits the message into parts, each placeholder resolved by the domain's messagePieces (the same resolution the
 * editor's preview uses). Throws a ProjectLoadError with the stepper's sentence for the first placeholder that
 * cannot render.
 */
export function compileTemplate(message: string, context: PlaceholderContext): TemplatePart[] {
  const parts: TemplatePart[] = [];
  const literal = (text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'literal') last.text += text;
    else parts.push({ kind: 'literal', text });
  };
  for (const piece of messagePieces(message, context)) {
    if (piece.kind === 'text') {
      literal(piece.text);
      continue;
    }
    const r = piece.resolved;
    const problem = placeholderProblemOf(r);
    if (problem) throw new ProjectLoadError(placeholderMessages[problem](piece.token.raw));
    if (r.kind === 'name') parts.push({ kind: 'column', column: rows[r.field].name });
    else if (r.kind === 'listHeader') parts.push({ kind: 'column', column: rows[r.column].name });
    else if (r.kind === 'textDefault') literal(r.value);
    // A link with a domain (a problem otherwise): the token is appended per text.
    else if (r.kind === 'link' && r.domain) parts.push({ kind: 'link', prefix: shortLinkUrl(r.domain, r.code, '') });
  }
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
