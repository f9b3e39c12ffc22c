/**
 * Process groups of running commands, so that nothing a command started outlives the process:
 * they are killed when it exits, whether it ends normally or by `process.exit` after a second
 * interrupt. Process-wide on purpose: the groups belong to this OS process, not to any runtime.
 */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

/**
 * Sends `signal` to every process of the group led by `pid` (`kill(-pid)`). Returns whether it
 * reached at least one process: `false` once the group is gone. Never throws.
 */
export function signalProcessGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    // ESRCH (no process left) or EPERM (the id was reused by someone else's group): nothing of ours to stop.
    return false;
  }
}

/** SIGKILLs every live group at once; the stop of last resort. Returns how many were signalled. */
export function killProcessGroups(): number {
  let signalled = 0;
  for (const pid of liveGroups) if (signalProcessGroup(pid, "SIGKILL")) signalled += 1;
  liveGroups.clear();
  return signalled;
}

/**
 * Remembers a running group until the returned function is called; any group still remembered
 * when the process exits is SIGKILLed then.
 */
export function trackProcessGroup(pid: number): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", killProcessGroups);
  }
  liveGroups.add(pid);
  return () => {
    liveGroups.delete(pid);
  };
}

/**
 * Stops a process group: SIGTERM now, then SIGKILL after `graceMs` for whatever is left (a
 * process that ignores SIGTERM, a background job). `onKilled` runs once the group is gone or
 * was SIGKILLed. Calls `untrack` (of {@link trackProcessGroup}) at that point.
 */
export function stopProcessGroup(options: {
  pid: number;
  /** Milliseconds between SIGTERM and SIGKILL. */
  graceMs: number;
  untrack: () => void;
  onKilled?: () => void;
}): void {
  const done = (): void => {
    options.untrack();
    options.onKilled?.();
  };
  if (!signalProcessGroup(options.pid, "SIGTERM")) {
    done();
    return;
  }
  setTimeout(() => {
    signalProcessGroup(options.pid, "SIGKILL");
    done();
  }, options.graceMs);
}
