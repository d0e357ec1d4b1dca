/** A regular-expression alternation of plain words, longest first so 'texting' is tried before 'text'. */
export const anyOf = (words: Iterable<string>) => [...new Set(words)].sort((a, b) => b.length - a.length).join('|');
