/**
 * Gathers calls that arrive within a few milliseconds of each other into one batch, so many small requests cost
 * one database round trip (one INSERT, one commit) instead of one each. Each caller's promise settles only when
 * its batch has finished: an answer is never given for work that has not been done. A batch fills up to maxBatch;
 * at most maxInFlight batches run at once, and calls arriving meanwhile wait and form the next, larger one.
 */
export interface Coalescer<T, R> {
  add(item: T): Promise<R>;
  /** Waits for everything added so far to finish. */
  drain(): Promise<void>;
}

export interface CoalesceOptions {
  windowMs: number;
  maxBatch: number;
  maxInFlight: number;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
}

export function coalesce<T, R>(
  /** Runs one batch; answers one result per item, in order. */
  run: (items: T[]) => Promise<R[]>,
  { windowMs, maxBatch, maxInFlight }: CoalesceOptions,
): Coalescer<T, R> {
  const waiting: Waiting<T, R>[] = [];
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    while (waiting.length && running.size < maxInFlight) {
      const batch = waiting.splice(0, maxBatch);
      const done = run(batch.map((w) => w.item)).then(
        (results) => batch.forEach((w, i) => w.resolve(results[i])),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      );
      const tracked = done.finally(() => {
        running.delete(tracked);
        if (waiting.length) flush();
      });
      running.add(tracked);
    }
  }

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (waiting.length >= maxBatch) flush();
        else timer ??= setTimeout(flush, windowMs);
      });
    },
    async drain() {
      do {
        flush();
        await Promise.all([...running]);
      } while (running.size || waiting.length);
    },
  };
}
