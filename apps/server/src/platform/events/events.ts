/**
 * Live updates between processes. A publisher (a worker running a job) announces that something changed; every
 * process with a subscriber to that topic hears it. Payloads are hints (ids and numbers), never the data: a
 * subscriber re-reads what changed through its own tenant-scoped handle, so an event can carry nothing of another
 * tenant and a forged one shows nothing the reader could not already see.
 */
export type EventPayload = Readonly<Record<string, string | number | boolean | null>>;

/** A topic names its organization by construction: only the constructors below make one. */
export type Topic = string & { readonly __topic: unique symbol };

const id = (n: number): string => {
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`Not an id: ${String(n)}`);
  return String(n);
};

export const topics = {
  /** A background task's progress or status changed. */
  backgroundTask: (organizationId: number, taskId: number) => `task:${id(organizationId)}:${id(taskId)}` as Topic,
  /**
   * A user's right to stay signed in may have changed (signed out, session revoked, locked, removed): live
   * connections of that user re-check it. Named by user, not organization: a session spans organizations.
   */
  userAccess: (userId: number) => `access:${id(userId)}` as Topic,
  /** A project's texts moved (sent, delivered, failed …) or its sending paused, resumed or ended. */
  projectSending: (organizationId: number, projectId: number) =>
    `sending:${id(organizationId)}:${id(projectId)}` as Topic,
};

export interface Events {
  /** Announces a change to every process; resolves once the transport has taken it. */
  publish(topic: Topic, payload: EventPayload): Promise<void>;
  /**
   * The events of one topic from now on. Ending the iteration (return(), or `break` in for-await) unsubscribes.
   * After the transport reconnects, each subscriber receives an empty payload: events may have been missed, so
   * re-read.
   */
  subscribe(topic: Topic): AsyncIterableIterator<EventPayload>;
  /** Ends every subscription and the transport's connections. */
  close(): Promise<void>;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; every transport keeps to it. */
export const MAX_EVENT_BYTES = 7999;

/** What travels on the wire: the topic with its payload, one shared channel per transport. */
export function encodeEvent(topic: Topic, payload: EventPayload): string {
  const text = JSON.stringify({ t: topic, p: payload });
  if (Buffer.byteLength(text) > MAX_EVENT_BYTES)
    throw new Error(`Event for ${topic} is ${Buffer.byteLength(text)} bytes; events carry ids, not data`);
  return text;
}

export function decodeEvent(text: string): { topic: string; payload: EventPayload } | null {
  try {
    const { t, p } = JSON.parse(text) as { t?: unknown; p?: unknown };
    return typeof t === 'string' && p && typeof p === 'object' ? { topic: t, payload: p as EventPayload } : null;
  } catch {
    return null;
  }
}
