import { sql, type SQL } from 'drizzle-orm';
import { copyTextOut } from '../../platform/db/copy-out';
import type { Tx } from '../../platform/db/tenant';

/**
 * A set of 10-digit numbers held as sorted doubles (8 bytes each, exact for 10 digits): an organization's opt-outs
 * and do-not-contact numbers run to millions, which as a Set of strings would cost the load hundreds of megabytes.
 */
export class NumberSet {
  /** Where each bucket (numbers sharing their first BUCKET_DIGITS digits) starts in `sorted`; one more entry. */
  private readonly buckets: Int32Array;

  private constructor(private readonly sorted: Float64Array) {
    // A lookup per valid row of a million-row list: a binary search over the whole set cost half a second, over
    // one bucket of a few numbers next to nothing (the table is 400 KB whatever the set's size).
    this.buckets = new Int32Array(BUCKETS + 1);
    let at = 0;
    for (let b = 0; b <= BUCKETS; b++) {
      while (at < sorted.length && bucketOf(sorted[at]) < b) at++;
      this.buckets[b] = at;
    }
  }

  static async read(tx: Tx, query: SQL): Promise<NumberSet> {
    let values = new Float64Array(1024);
    let size = 0;
    let rest = '';
    for await (const chunk of copyTextOut(tx, query)) {
      const lines = (rest + String(chunk)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (size === values.length) {
          const grown = new Float64Array(values.length * 2);
          grown.set(values);
          values = grown;
        }
        values[size++] = Number(line);
      }
    }
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

  /** Whether the set holds `n`, a 10-digit number as a number. */
  has(n: number): boolean {
    const b = bucketOf(n);
    if (!(b >= 0 && b < BUCKETS)) return false;
    let low = this.buckets[b];
    let high = this.buckets[b + 1] - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const v = this.sorted[mid];
      if (v === n) return true;
      if (v < n) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }

  /**
   * A lookup for numbers asked in ascending order (each at least the one before): a sorted batch is checked in one
   * pass over the set, instead of a binary search per number.
   */
  ascendingLookup(): (n: number) => boolean {
    let next = 0;
    return (n) => {
      while (next < this.sorted.length && this.sorted[next] < n) next++;
      return next < this.sorted.length && this.sorted[next] === n;
    };
  }
}

const BUCKET_DIGITS = 5;
const BUCKETS = 10 ** BUCKET_DIGITS;
const BUCKET_SIZE = 10 ** (10 - BUCKET_DIGITS);
const bucketOf = (n: number) => Math.floor(n / BUCKET_SIZE);

/** The numbers a list's rows are scrubbed against: the organization-wide opt-outs and the do-not-contact numbers. */
export interface BlockedNumbers {
  optedOut: NumberSet;
  doNotContact: NumberSet;
}

/**
 * Read once at the start of a load, inside its transaction, so each valid row is scrubbed in Node as it is parsed
 * (a lookup per row) instead of by joins over the organization's numbers once per chunk of rows.
 */
export async function readBlockedNumbers(tx: Tx, organizationId: number): Promise<BlockedNumbers> {
  return {
    optedOut: await NumberSet.read(
      tx,
      sql`SELECT DISTINCT number FROM opt_outs WHERE organization_id = ${organizationId} AND client_id IS NULL`,
    ),
    doNotContact: await NumberSet.read(
      tx,
      sql`SELECT number FROM phones WHERE organization_id = ${organizationId} AND do_not_contact`,
    ),
  };
}
