import { sql, type SQL } from 'drizzle-orm';
import { copyTextOut } from '../../platform/db/copy-out';
import type { Tx } from '../../platform/db/tenant';
import { DO_NOT_CONTACT, NumberMarks, OPTED_OUT } from './number-marks';

/** Each 10-digit number the query selects (one column), as a number, streamed out with COPY. */
async function readNumbers(tx: Tx, query: SQL, each: (n: number) => void): Promise<void> {
  let rest = '';
  for await (const chunk of copyTextOut(tx, query)) {
    const lines = (rest + String(chunk)).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) each(Number(line));
  }
}

/**
 * A set of 10-digit numbers held as sorted doubles (8 bytes each, exact for 10 digits), read in ascending order: an
 * organization's recipient numbers run to millions, which as a Set of strings would cost the load hundreds of
 * megabytes.
 */
export class NumberSet {
  private constructor(private readonly sorted: Float64Array) {}

  static async read(tx: Tx, query: SQL): Promise<NumberSet> {
    let values = new Float64Array(1024);
    let size = 0;
    await readNumbers(tx, query, (n) => {
      if (size === values.length) {
        const grown = new Float64Array(values.length * 2);
        grown.set(values);
        values = grown;
      }
      values[size++] = n;
    });
    return NumberSet.of(values.slice(0, size));
  }

  /** The set of these numbers (the array is sorted in place and kept). */
  static of(values: Float64Array): NumberSet {
    // Whatever order they came in (PostgreSQL's sort of text is that of numbers of equal length): a sort here costs
    // nothing next to reading them.
    return new NumberSet(values.sort());
  }

  get size(): number {
    return this.sorted.length;
  }

  /**
   * A lookup for numbers asked in ascending order (each at least the one before): a sorted batch is checked in one
   * pass over the set, instead of a search per number.
   */
  ascendingLookup(): (n: number) => boolean {
    let next = 0;
    return (n) => {
      while (next < this.sorted.length && this.sorted[next] < n) next++;
      return next < this.sorted.length && this.sorted[next] === n;
    };
  }
}

/**
 * The numbers a list's rows are scrubbed against, marked in the table the load then meets its rows' numbers in: the
 * organization-wide opt-outs (OPTED_OUT) and the do-not-contact numbers (DO_NOT_CONTACT). Read once at the start of
 * a load, inside its transaction, so each valid row is scrubbed in Node as it is parsed (one lookup per row) instead
 * of by joins over the organization's numbers once per chunk of rows.
 */
export async function readBlockedNumbers(tx: Tx, organizationId: number): Promise<NumberMarks> {
  const marks = new NumberMarks();
  await readNumbers(
    tx,
    sql`SELECT number FROM opt_outs WHERE organization_id = ${organizationId} AND client_id IS NULL`,
    (n) => marks.mark(n, OPTED_OUT),
  );
  await readNumbers(
    tx,
    sql`SELECT number FROM phones WHERE organization_id = ${organizationId} AND do_not_contact`,
    (n) => marks.mark(n, DO_NOT_CONTACT),
  );
  return marks;
}
