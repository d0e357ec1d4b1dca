import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventPayload, Events, Topic } from '../events/events';
import { createLogger } from '../logger';
import { PROGRESS_INTERVAL_MS, taskAnnouncer } from './task-events';

function recordingEvents(): Events & { sent: { topic: Topic; payload: EventPayload }[] } {
  const sent: { topic: Topic; payload: EventPayload }[] = [];
  return {
    sent,
    publish: async (topic, payload) => void sent.push({ topic, payload }),
    subscribe: () => {
      throw new Error('not used');
    },
    close: async () => {},
  };
}

describe('taskAnnouncer', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a burst of progress as one event now and one when the interval is up, status changes at once', async () => {
    vi.useFakeTimers();
    const events = recordingEvents();
    const announce = taskAnnouncer(events, createLogger('silent'), { organizationId: 3, taskId: 42 });
    await announce.status();
    for (let i = 0; i < 1000; i++) await announce.progress();
    expect(events.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS);
    expect(events.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS * 4);
    expect(events.sent).toHaveLength(2);
    for (let i = 0; i < 10; i++) await announce.progress();
    await announce.status();
    expect(events.sent).toHaveLength(4);
    // The trailing progress was superseded by the status change: nothing more goes out.
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS * 4);
    expect(events.sent).toHaveLength(4);
    expect(events.sent[0]).toEqual({ topic: 'task:3:42', payload: { taskId: 42 } });
  });

  it('never fails the job when an announcement cannot be sent', async () => {
    const events = { ...recordingEvents(), publish: () => Promise.reject(new Error('database gone')) };
    const announce = taskAnnouncer(events, createLogger('silent'), { organizationId: 3, taskId: 42 });
    await expect(announce.status()).resolves.toBeUndefined();
  });
});
