import type { NumberSet } from './blocked-numbers';

/** Room for each state's index below a number: more than the states and territories (about 60). */
const STATE_SLOTS = 64;
const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const COMMA = 0x2c;
const ZERO = 0x30;

/** Consecutive numbers of a batch, as two PostgreSQL array literals of `count` elements (numbers and states). */
export interface PhoneRange {
  count: number;
  numbers: string;
  states: string;
}

/**
 * A batch of recipient numbers with their states, held as one packed array of doubles: number × 64 + the state's
 * index (exact, 10 digits × 64 stays far below 2^53). Sorting that array sorts the batch by number in one native
 * typed-array sort, instead of PostgreSQL sorting a million numbers as text under the database's collation.
 */
export class PhoneBatch {
  private values = new Float64Array(1024);
  private size = 0;
  private readonly stateIndex = new Map<string, number>();
  private readonly stateNames: (string | null)[] = [null];

  get length(): number {
    return this.size;
  }

  add(number: string, state: string | null): void {
    if (this.size === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.size++] = Number(number) * STATE_SLOTS + this.indexOf(state);
  }

  /**
   * The numbers in ascending order and their states, as PostgreSQL array literals (varchar[]), cut into `parts`
   * ranges of consecutive numbers (fewer when the batch is smaller, none when it is empty), leaving out the numbers
   * in `known`. No quoting needed: cleaned numbers are ten digits and states two capital letters.
   */
  sortedArrayLiterals(parts = 1, known?: NumberSet): PhoneRange[] {
    let sorted: Float64Array = this.values.subarray(0, this.size).sort();
    if (known) sorted = withoutKnown(sorted, known);
    if (sorted.length === 0) return [];
    const count = Math.min(parts, sorted.length);
    const cut = Math.ceil(sorted.length / count);
    return Array.from({ length: count }, (_, p) => this.literalsOf(sorted.subarray(p * cut, (p + 1) * cut)));
  }

  /**
   * Written as bytes, digit by digit: String() of a million doubles and joining the strings cost half a second of a
   * million-row load.
   */
  private literalsOf(sorted: Float64Array): PhoneRange {
    const numbers = Buffer.allocUnsafe(sorted.length * 11 + 2);
    const states = Buffer.allocUnsafe(sorted.length * 5 + 2);
    numbers[0] = states[0] = OPEN;
    let n = 1;
    let s = 1;
    for (let i = 0; i < sorted.length; i++) {
      if (i > 0) numbers[n++] = states[s++] = COMMA;
      const slot = sorted[i] % STATE_SLOTS;
      const number = (sorted[i] - slot) / STATE_SLOTS;
      // Ten digits, as two halves of five that integer arithmetic handles exactly.
      let high = Math.floor(number / 100_000);
      let low = number - high * 100_000;
      for (let d = 4; d >= 0; d--) {
        numbers[n + d] = ZERO + (high % 10);
        numbers[n + 5 + d] = ZERO + (low % 10);
        high = Math.floor(high / 10);
        low = Math.floor(low / 10);
      }
      n += 10;
      s += states.write(this.stateNames[slot] ?? 'NULL', s, 'latin1');
    }
    numbers[n++] = CLOSE;
    states[s++] = CLOSE;
    return {
      count: sorted.length,
      numbers: numbers.toString('latin1', 0, n),
      states: states.toString('latin1', 0, s),
    };
  }

  private indexOf(state: string | null): number {
    if (state === null) return 0;
    let index = this.stateIndex.get(state);
    if (index === undefined) {
      index = this.stateNames.length;
      if (index >= STATE_SLOTS) throw new Error(`more than ${STATE_SLOTS - 1} states in a batch of phones`);
      this.stateNames.push(state);
      this.stateIndex.set(state, index);
    }
    return index;
  }
}

/** The sorted values whose number is not in `known`, compacted in place (one pass: both are in number order). */
function withoutKnown(sorted: Float64Array, known: NumberSet): Float64Array {
  const isKnown = known.ascendingLookup();
  let kept = 0;
  for (let i = 0; i < sorted.length; i++) {
    const value = sorted[i];
    if (!isKnown((value - (value % STATE_SLOTS)) / STATE_SLOTS)) sorted[kept++] = value;
  }
  return sorted.subarray(0, kept);
}
