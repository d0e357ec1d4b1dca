import { reserveIds } from '../../platform/db/reserve-ids';
import type { Platform } from '../../platform/platform';

/** The first block asked for; each next one doubles, up to MAX_BLOCK, so a 10-row list leaves no gap of thousands. */
const FIRST_BLOCK = 1_000;
const MAX_BLOCK = 200_000;

/**
 * The ids of a load's rows, ascending in sheet order (blocks come from one sequence), written into its COPY lines by Node: an identity default per row cost a million-row
 * load a second and a half of nextval (measured: COPY of 1M rows, 5.4 s with the default, 3.9 s with the ids given).
 * Ids come in blocks taken on a connection of their own (reserveIds commits; the load's transaction must not), the
 * next block asked for while half of the current one is left, so the load seldom waits for one. Ids a load does not
 * use (the end of its last block, a failed load) are only a gap.
 */
export class RowIds {
  /** Ids in hand: each block's next id and its end (exclusive). */
  private readonly blocks: { next: number; end: number }[] = [];
  private fetching: Promise<void> | null = null;
  private nextBlock = FIRST_BLOCK;
  /** The first and the last id handed out (null before the first): the rows' range, stored on their list. */
  first: number | null = null;
  last: number | null = null;

  constructor(private readonly platform: Platform) {}

  /** Waits until `count` ids are in hand, so the next `count` calls of next() need no wait. */
  async ensure(count: number): Promise<void> {
    while (this.available() < count) await this.fetch();
    if (this.available() - count < this.nextBlock / 2) void this.fetch().catch(() => {});
  }

  /** The next id; ensure() first. */
  next(): number {
    const block = this.blocks[0];
    const id = block.next++;
    if (block.next === block.end) this.blocks.shift();
    this.first ??= id;
    this.last = id;
    return id;
  }

  private available(): number {
    let n = 0;
    for (const b of this.blocks) n += b.end - b.next;
    return n;
  }

  /** Takes the next block, or joins the request already out (whose failure reaches the next ensure()). */
  private fetch(): Promise<void> {
    this.fetching ??= (async () => {
      const size = this.nextBlock;
      const client = await this.platform.database.pool.connect();
      try {
        const before = await reserveIds(client, 'rows', size);
        this.blocks.push({ next: before + 1, end: before + 1 + size });
        this.nextBlock = Math.min(MAX_BLOCK, size * 2);
      } finally {
        client.release();
      }
    })().finally(() => {
      this.fetching = null;
    });
    return this.fetching;
  }
}
