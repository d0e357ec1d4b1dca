/**
 * Lower case, accents folded (número → numero, bórrenme → borrenme), apostrophes dropped (don't → dont), a letter
 * typed three times or more once (Stoooop → stop), other punctuation and emoji a space, spaces collapsed.
 */
export function normalizeInbound(body: string): string {
  return body
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/([a-z])\1{2,}/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The keyword form of a message or a keyword: normalized with its spaces removed too. */
export const keywordForm = (body: string) => normalizeInbound(body).replace(/ /g, '');

/**
 * Where one thought ends and the next begins: sentence punctuation (Spanish's opening marks too), a line break, a
 * dash between spaces, an emoji. 'Wrong number. Stop 🛑 who is this' reads as three clauses.
 */
const CLAUSE_BREAK = /[.!?,;:¡¿…\n]+|\s[-–—]+\s|\p{Extended_Pictographic}+/u;

/** The message's clauses, normalized, empty ones left out. */
export const clausesOf = (body: string): string[] =>
  body
    .split(CLAUSE_BREAK)
    .map(normalizeInbound)
    .filter((clause) => clause !== '');
