import { describe, expect, it } from 'vitest';
import { senderHealth } from './deliverability';

const counts = (c: Record<string, number>) => Object.entries(c).map(([status, count]) => ({ status, count }));

describe('sender health', () => {
  it('counts what the carrier delivered and failed, and rates the finished texts only', () => {
    expect(
      senderHealth(counts({ Ready: 9, Queued: 2, Sending: 3, Sent: 1, Delivered: 8, Clicked: 1, Spam: 1 })),
    ).toEqual({
      sent: 14,
      delivered: 9,
      failed: 1,
      deliveryRate: 0.9,
      highFailureRate: false,
    });
    expect(senderHealth(counts({ Ready: 5 }))).toMatchObject({ sent: 0, deliveryRate: null, highFailureRate: false });
  });

  it('flags a sender once 10% of at least 50 finished texts failed, not before', () => {
    expect(senderHealth(counts({ Delivered: 45, Undelivered: 5 })).highFailureRate).toBe(true);
    expect(senderHealth(counts({ Delivered: 46, Failed: 4 })).highFailureRate).toBe(false);
    expect(senderHealth(counts({ Delivered: 30, Rejected: 19 })).highFailureRate).toBe(false);
  });
});
