import type { EventPayload } from './events';

/** Events a slow subscriber may have waiting; older ones are dropped (they are hints to re-read, not data). */
const MAX_QUEUED = 100;

type Push = (payload: EventPayload) => void;

/**
 * The subscribers of this process, by topic. Each transport receives every event once per process and hands it
 * here; nothing in memory carries an event from one process to another.
 */
export class LocalFanOut {
  private readonly byTopic = new Map<string, Set<Push>>();
  private readonly enders = new Set<() => void>();

  deliver(topic: string, payload: EventPayload): void {
    this.byTopic.get(topic)?.forEach((push) => push(payload));
  }

  /** Tells every subscriber to re-read: after a reconnect, events may have been lost. */
  resync(): void {
    this.byTopic.forEach((pushes) => pushes.forEach((push) => push({})));
  }

  subscribe(topic: string): AsyncIterableIterator<EventPayload> {
    const queue: EventPayload[] = [];
    let waiting: ((result: IteratorResult<EventPayload>) => void) | null = null;
    let done = false;
    const push: Push = (payload) => {
      if (waiting) {
        const wake = waiting;
        waiting = null;
        wake({ value: payload, done: false });
      } else if (queue.push(payload) > MAX_QUEUED) queue.shift();
    };
    const end = (): void => {
      if (!done) {
        done = true;
        const pushes = this.byTopic.get(topic);
        pushes?.delete(push);
        if (pushes?.size === 0) this.byTopic.delete(topic);
        this.enders.delete(end);
        queue.length = 0;
        waiting?.({ value: undefined, done: true });
        waiting = null;
      }
    };
    if (!this.byTopic.has(topic)) this.byTopic.set(topic, new Set());
    this.byTopic.get(topic)!.add(push);
    this.enders.add(end);
    return {
      next: () => {
        if (queue.length) return Promise.resolve({ value: queue.shift()!, done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (waiting = resolve));
      },
      return: () => {
        end();
        return Promise.resolve({ value: undefined, done: true });
      },
      throw: (err: unknown) => {
        end();
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }

  /** Ends every subscription (shutdown): each for-await loop over one finishes. */
  endAll(): void {
    [...this.enders].forEach((end) => end());
  }
}
