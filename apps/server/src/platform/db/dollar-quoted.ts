/**
 * Text as a dollar-quoted SQL literal under a tag the text does not hold, so nothing in it is escaped, whatever the
 * server's settings: for a hot statement sent as one simple query string (no bind parameters). pg's escapeLiteral
 * builds its answer a character at a time: on the handover journal's answers it made a seventh of a dispatch run's
 * garbage. The text must hold no NUL, which no PostgreSQL text can (JSON.stringify escapes it).
 */
export function dollarQuoted(text: string): string {
  if (text.includes('\0')) throw new Error('A SQL literal cannot hold a NUL character');
  let tag = '$a$';
  for (let i = 0; text.includes(tag); i++) tag = `$a${i}$`;
  return `${tag}${text}${tag}`;
}
