const FIRST_BITS = 16;

/** A number's marks: met in this load's sheet, opted out organization-wide, do-not-contact. */
export const SEEN = 1;
export const OPTED_OUT = 2;
export const DO_NOT_CONTACT = 4;

/**
 * The 10-digit numbers of a load, each with its marks, as doubles in an open-addressing table (exact for 10 digits,
 * 8 bytes a slot and a byte of marks, at most half full). The organization's opt-outs and do-not-contact numbers are
 * marked first, so a row's number is looked up once for all three questions (met before? opted out?
 * do-not-contact?): a binary search in each of two sorted sets and a probe here cost a million-row load a second and
 * a half more, most of it waiting on memory. A Set<number> holds each number past 2^31 as a heap object of its
 * own: for a million numbers, tens of megabytes, and hashing and garbage collection paid on every row.
 */
export class NumberMarks {
  /** 0 marks an empty slot: no 10-digit number is 0. */
  private slots = new Float64Array(1 << FIRST_BITS);
  private marks = new Uint8Array(1 << FIRST_BITS);
  private bits = FIRST_BITS;
  private count = 0;

  /** Numbers in the table, marked or met. */
  get size(): number {
    return this.count;
  }

  /** Adds `marks` to `n` (a positive integer below 2^53), adding `n` when it is new. */
  mark(n: number, marks: number): void {
    const i = this.slotFor(n);
    this.marks[i] |= marks;
  }

  /** Marks `n` as met; returns its marks from before (SEEN among them when it was met already). */
  see(n: number): number {
    const i = this.slotFor(n);
    const before = this.marks[i];
    this.marks[i] = before | SEEN;
    return before;
  }

  /** The slot holding `n`, taken for it when it is new. */
  private slotFor(n: number): number {
    if (2 * (this.count + 1) > this.slots.length) this.grow();
    const slots = this.slots;
    const mask = slots.length - 1;
    let i = slotOf(n, this.bits);
    for (;;) {
      const v = slots[i];
      if (v === n) return i;
      if (v === 0) break;
      i = (i + 1) & mask;
    }
    slots[i] = n;
    this.count++;
    return i;
  }

  private grow(): void {
    const old = this.slots;
    const oldMarks = this.marks;
    const slots = new Float64Array(old.length * 2);
    const marks = new Uint8Array(old.length * 2);
    const mask = slots.length - 1;
    this.bits++;
    for (let j = 0; j < old.length; j++) {
      const v = old[j];
      if (v === 0) continue;
      let i = slotOf(v, this.bits);
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = v;
      marks[i] = oldMarks[j];
    }
    this.slots = slots;
    this.marks = marks;
  }
}

/** Fibonacci hashing of both 32-bit halves of `n`, to `bits` bits (the high bits of the product mix best). */
function slotOf(n: number, bits: number): number {
  const mixed = (n >>> 0) ^ Math.imul((n / 4294967296) >>> 0, 0x85ebca6b);
  return Math.imul(mixed, 0x9e3779b1) >>> (32 - bits);
}
