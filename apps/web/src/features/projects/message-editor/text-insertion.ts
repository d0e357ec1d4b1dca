/** Where a '/' typed at the start of a word begins, and what has been typed after it. */
export interface SlashQuery {
  /** Index of the '/'. */
  start: number;
  /** The characters between the '/' and the cursor: they narrow the snippets offered. */
  query: string;
}

/**
 * The '/' command under the cursor, if any: a '/' at the start of the message or after whitespace, followed by
 * nothing but non-space characters up to the cursor. A '/' inside a word or a URL ("and/or", "https://") is text.
 */
export function slashQueryAt(value: string, cursor: number): SlashQuery | null {
  const before = value.slice(0, cursor);
  const m = /(^|\s)\/([^\s/]*)$/.exec(before);
  if (!m) return null;
  return { start: cursor - m[2].length - 1, query: m[2] };
}

/** `text` put in place of value[start, end); the cursor goes right after it. */
export function replaceRange(
  value: string,
  start: number,
  end: number,
  text: string,
): { value: string; cursor: number } {
  return { value: value.slice(0, start) + text + value.slice(end), cursor: start + text.length };
}
