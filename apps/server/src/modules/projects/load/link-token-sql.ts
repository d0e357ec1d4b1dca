import { sql, type SQL } from 'drizzle-orm';

/** The low 23 bits: the Feistel network of canvass_link_permute works on two 23-bit halves of a 46-bit id. */
const HALF = sql.raw('8388607');

/**
 * `rowsSql`'s rows with `token`: canvass_base62_8(canvass_link_permute(id, key)), the text's link token (migration
 * 0021), computed one Feistel round per level. canvass_link_permute is one inlined expression that repeats its
 * earlier rounds where a later one reads them (six hash calls for three rounds); here each round is a column of the
 * level below (OFFSET 0 keeps the levels apart), so a text costs three, which the with-link load of a million texts
 * feels. The tests hold this to canvass_link_permute.
 */
export function withLinkToken(rowsSql: SQL, key: bigint): SQL {
  const k = sql`${key.toString()}::bigint`;
  const round = (half: SQL, n: number) => sql`(hashint8extended(${half}, ${k} + ${sql.raw(String(n))}) & ${HALF})`;
  const low = sql`(r.id & ${HALF})`;
  const first = sql`SELECT r.*, ${low} AS feistel_low, ((r.id >> 23) & ${HALF}) # ${round(low, 1)} AS feistel_r1
                      FROM (${rowsSql} OFFSET 0) r`;
  const second = sql`SELECT f1.*, f1.feistel_low # ${round(sql`f1.feistel_r1`, 2)} AS feistel_r2 FROM (${first} OFFSET 0) f1`;
  return sql`SELECT f2.*,
                    canvass_base62_8((f2.feistel_r2 << 23) | (f2.feistel_r1 # ${round(sql`f2.feistel_r2`, 3)})) AS token
               FROM (${second} OFFSET 0) f2`;
}
