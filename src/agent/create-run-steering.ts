import type { UserMessage } from "../domain/index.js";

/**
 * Messages steered into a running agent loop (spec/loop.md §2.2): the lane pushes them with
 * `steer` while the loop is open; the loop takes them at its next turn boundary and closes the
 * queue when it stops, after which `steer` refuses (the caller falls back to a follow-up run).
 */
export interface RunSteering {
  /** Queues a message for the next turn boundary; `false` once the loop has stopped. */
  steer(message: UserMessage): boolean;
  /** Whether a message waits. */
  pending(): boolean;
  /** Removes and returns the waiting messages, in arrival order. */
  take(): UserMessage[];
  /** The loop stopped: no more messages are accepted. */
  close(): void;
  readonly open: boolean;
}

export function createRunSteering(): RunSteering {
  let waiting: UserMessage[] = [];
  let open = true;
  return {
    steer(message) {
      if (!open) return false;
      waiting.push(message);
      return true;
    },
    pending: () => waiting.length > 0,
    take() {
      const taken = waiting;
      waiting = [];
      return taken;
    },
    close() {
      open = false;
    },
    get open() {
      return open;
    },
  };
}
