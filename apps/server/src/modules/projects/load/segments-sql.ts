import { GSM7_BASIC, GSM7_EXTENSION, gsm7Septets } from '@canvass/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TemplatePart } from './message-template';

/**
 * The SMS segments of the rendered message (message contract; the same rule as the canvass_sms_segments SQL
 * function, which the tests hold it to), computed from its parts: the literal text is measured once here, and only
 * the row's own cells are measured per row. Measuring the whole rendered message in SQL cost about 10 µs a text.
 * The character sets are the domain's (the editor's count), written as SQL.
 */

/** Characters that are special inside a PostgreSQL bracket expression, escaped to stand for themselves. */
const bracketed = (chars: string) => chars.replace(/[\\\][^-]/g, '\\$&');
/** A regular expression matching a cell of GSM-7 characters only (basic set or extension table). */
export const GSM_CELL = `^[${bracketed(GSM7_BASIC + GSM7_EXTENSION)}]*$`;
/** A link's token: 8 base-62 characters, GSM-7 and one unit each. */
const TOKEN_LENGTH = 8;

interface Measure {
  gsm: boolean;
  septets: number;
  units: number;
}

/** Septets (GSM-7) and UTF-16 units of a literal. */
export function measureLiteral(text: string): Measure {
  let gsm = true;
  let septets = 0;
  for (const ch of text) {
    const n = gsm7Septets(ch);
    if (n === null) gsm = false;
    else septets += n;
  }
  return { gsm, septets, units: text.length };
}

export interface SegmentsSql {
  /** Columns the level below the segments computes (gsm, septets) over `alias`. */
  measures: SQL;
  /** The segment count over `outer`, which has the measures and the row's columns. */
  segments(outer: string): SQL;
}

/** The segment count of the rendered message as SQL over the row's columns (see the note above). */
export function segmentsSql(parts: readonly TemplatePart[], alias: string): SegmentsSql {
  const fixed: Measure = { gsm: true, septets: 0, units: 0 };
  const columns: string[] = [];
  for (const p of parts) {
    const m =
      p.kind === 'literal'
        ? measureLiteral(p.text)
        : p.kind === 'link'
          ? (({ gsm, septets, units }) => ({ gsm, septets: septets + TOKEN_LENGTH, units: units + TOKEN_LENGTH }))(
              measureLiteral(p.prefix),
            )
          : null;
    if (m) {
      fixed.gsm &&= m.gsm;
      fixed.septets += m.septets;
      fixed.units += m.units;
    } else if (p.kind === 'column') columns.push(p.column);
  }
  // The row's cells as one string: one regular expression and one translate a row, not one per cell (the
  // per-call cost dominates on cells this short).
  const cells = (a: string) => sql.raw(columns.map((c) => `coalesce(${a}.${c}, '')`).join(' || '));
  const gsm = !fixed.gsm ? sql`false` : columns.length === 0 ? sql`true` : sql`${cells(alias)} ~ ${GSM_CELL}`;
  const septets =
    columns.length === 0
      ? sql.raw(String(fixed.septets))
      : sql`${sql.raw(String(fixed.septets))} + 2 * char_length(${cells(alias)}) - char_length(translate(${cells(alias)}, ${GSM7_EXTENSION}, ''))`;
  return {
    measures: sql`${gsm} AS gsm, ${septets} AS septets`,
    segments(outer) {
      const units =
        columns.length === 0
          ? sql.raw(String(fixed.units))
          : sql`${sql.raw(String(fixed.units))} + 2 * char_length(${cells(outer)}) - char_length(regexp_replace(${cells(outer)}, '[\\U00010000-\\U0010FFFF]', '', 'g'))`;
      const s = sql.raw(`${outer}.septets`);
      return sql`CASE WHEN ${sql.raw(`${outer}.gsm`)}
                      THEN CASE WHEN ${s} = 0 THEN 0 WHEN ${s} <= 160 THEN 1 ELSE (${s} + 152) / 153 END
                      ELSE CASE WHEN (${units}) <= 70 THEN 1 ELSE ((${units}) + 66) / 67 END END`;
    },
  };
}
