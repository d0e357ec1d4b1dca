import { describe, expect, it } from 'vitest';
import { outcomesOf, RATE_WINDOW_MS, ratesAt } from './sending-rates';

const count = (key: string, n: number) => ({ key, count: n });

describe('outcomesOf', () => {
  it('counts what a provider took as sent, Delivered and Clicked as delivered, and every red status as failed', () => {
    expect(
      outcomesOf([
        count('Ready', 50),
        count('Queued', 7),
        count('Sending', 10),
        count('Sent', 5),
        count('Delivered', 20),
        count('Clicked', 2),
        count('Undelivered', 3),
        count('NumberFormat', 4),
        count('Spam', 1),
      ]),
    ).toEqual({ sent: 40, delivered: 22, failed: 8 });
  });
});

describe('ratesAt', () => {
  const sample = (at: number, sent: number, delivered = 0, failed = 0) => ({ at, sent, delivered, failed });

  it('measures the last window against the counts as they stood at its start', () => {
    // 0 s: nothing; 3 s: 300 sent; 6 s: 900 sent, 400 delivered, 10 failed. At 7 s the window starts at 2 s, when
    // the counts were still those of 0 s.
    const samples = [sample(0, 0), sample(3000, 300), sample(6000, 900, 400, 10)];
    expect(ratesAt(samples, 7000)).toEqual({ sent: 180, delivered: 80, failed: 2 });
    // At 9 s it starts at 4 s, after the 3 s sample.
    expect(ratesAt(samples, 9000)).toEqual({ sent: 120, delivered: 80, failed: 2 });
  });

  it('uses the time there is while the samples are younger than a window, and waits for a second of it', () => {
    expect(ratesAt([sample(0, 0), sample(500, 50)], 800)).toBeNull();
    expect(ratesAt([sample(0, 0), sample(1500, 300)], 2000)).toEqual({ sent: 150, delivered: 0, failed: 0 });
  });

  it('falls to 0 once nothing moved for a whole window, and says nothing before it knows', () => {
    expect(ratesAt([], 1000)).toBeNull();
    expect(ratesAt([sample(0, 100)], 1000)).toBeNull();
    expect(ratesAt([sample(0, 0), sample(1000, 100)], 1000 + RATE_WINDOW_MS)).toEqual({
      sent: 0,
      delivered: 0,
      failed: 0,
    });
  });
});
