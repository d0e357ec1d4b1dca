/**
 * Bounds the sends in flight across every batch of one dispatch run: the providers answer in tens of
 * milliseconds, so throughput is in-flight sends over latency, and the bound keeps sockets and memory in check.
 */
export class InFlight {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
