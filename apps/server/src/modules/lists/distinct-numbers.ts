const FIRST_BITS = 16;

/**
 * The distinct 10-digit numbers met so far in a load, as doubles in an open-addressing table (exact for 10 digits,
 * 8 bytes a slot, at most half full). A Set<number> holds each number past 2^31 as a heap object of its own: for a
 * million numbers, tens of megabytes, and hashing and garbage collection the load paid on every row.
 */
export class DistinctNumbers {
  /** 0 marks an empty slot: no 10-digit number is 0. */
  private slots = new Float64Array(1 << FIRST_BITS);
  private bits = FIRST_BITS;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds `n` (a positive integer below 2^53); false when it was there already. */
  add(n: number): boolean {
    if (2 * (this.count + 1) > this.slots.length) this.grow();
    const slots = this.slots;
    const mask = slots.length - 1;
    let i = slotOf(n, this.bits);
    for (;;) {
      const v = slots[i];
      if (v === n) return false;
      if (v === 0) break;
      i = (i + 1) & mask;
    }
    slots[i] = n;
    this.count++;
    return true;
  }

  private grow(): void {
    const old = this.slots;
    const slots = new Float64Array(old.length * 2);
    const mask = slots.length - 1;
    this.bits++;
    for (const v of old) {
      if (v === 0) continue;
      let i = slotOf(v, this.bits);
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = v;
    }
    this.slots = slots;
  }
}

/** Fibonacci hashing of both 32-bit halves of `n`, to `bits` bits (the high bits of the product mix best). */
function slotOf(n: number, bits: number): number {
  const mixed = (n >>> 0) ^ Math.imul((n / 4294967296) >>> 0, 0x85ebca6b);
  return Math.imul(mixed, 0x9e3779b1) >>> (32 - bits);
}
