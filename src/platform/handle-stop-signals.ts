import { killProcessGroups } from "./stop-process-group.js";

/** Exit code when a second stop signal ends the process at once: 128 + 2 (SIGINT), as shells report an interrupt. */
export const EXIT_STOPPED_AT_ONCE = 130;

/** The signals that ask the process to stop: Ctrl-C, and what `kill`, CI runners and containers send. */
export type StopSignal = "SIGINT" | "SIGTERM";

const STOP_SIGNALS: readonly StopSignal[] = ["SIGINT", "SIGTERM"];

/**
 * Handles SIGINT and SIGTERM alike. The first one calls `onFirst` once (the caller winds down:
 * stops running work, writes what finished, cleans up, exits on its own). Any further one while
 * that goes on SIGKILLs every command still running and exits at once with
 * {@link EXIT_STOPPED_AT_ONCE}. Install once, at the process edge.
 */
export function handleStopSignals(onFirst: (signal: StopSignal) => void): void {
  let received = 0;
  const onSignal = (signal: StopSignal): void => {
    received += 1;
    if (received === 1) {
      onFirst(signal);
      return;
    }
    killProcessGroups();
    process.exit(EXIT_STOPPED_AT_ONCE);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
}
