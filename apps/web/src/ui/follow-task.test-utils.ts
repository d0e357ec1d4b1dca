import type { LiveSocket } from '../session/live-socket';

/** No WebSocket to be had: every subscription errors, and followers fall back to polling. */
export const noSocket = () => Promise.reject(new Error('no socket in this test'));

/**
 * A socket that answers each subscription with `tasks`, in turn, as backgroundTaskChanged results, then completes.
 * `subscribed` records the variables of each subscription.
 */
export function fakeSocket(tasks: object[]) {
  const subscribed: unknown[] = [];
  const socket: LiveSocket = {
    subscribe(payload, sink) {
      subscribed.push(payload.variables);
      let open = true;
      void (async () => {
        for (const task of tasks) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (open) sink.next({ data: { backgroundTaskChanged: task } } as never);
        }
        if (open) sink.complete();
      })();
      return () => {
        open = false;
      };
    },
  };
  return { subscribed, connect: () => Promise.resolve(socket) };
}
