import { spawn } from "node:child_process";
import type { Readable } from "node:stream";
import type { CommandStartRequest, ExecOutcome, ExecRequest, StartedCommand } from "../domain/index.js";
import { createOutputCapture } from "./capture-output.js";
import { stopProcessGroup, trackProcessGroup } from "./stop-process-group.js";

/** Milliseconds between SIGTERM and SIGKILL when a command is stopped; below the runner's abort grace. */
export const EXEC_KILL_GRACE_MS = 1000;

/**
 * Runs a command with `/bin/sh -c` in `cwd` with exactly `env`, in a process group of its own;
 * never throws. On its timeout or when `signal` aborts, the whole group is stopped (SIGTERM,
 * SIGKILL {@link EXEC_KILL_GRACE_MS} later) and the call returns without waiting for it to drain.
 * Whatever the command left running in its group (background jobs) is stopped the same way once
 * it ends, and any group still alive when the process exits is SIGKILLed.
 */
export function runShellCommand(request: ExecRequest): Promise<ExecOutcome> {
  return startShellCommand(request).done;
}

const NOT_STARTED: ExecOutcome = {
  exitCode: null,
  stdout: "",
  stderr: "not started: the run was aborted",
  timedOut: false,
};

/**
 * Starts a command like {@link runShellCommand} without waiting for it: the handle reports its
 * output as it comes, can wait for it on real time, write to its stdin (`stdin: "pipe"`) and stop
 * it. `done` settles once (never rejects) when the command ended, timed out or was stopped.
 */
export function startShellCommand(request: CommandStartRequest): StartedCommand {
  if (request.signal?.aborted) {
    const done = Promise.resolve(NOT_STARTED);
    return {
      pid: undefined,
      done,
      hasEnded: () => true,
      output: () => ({ stdout: "", stderr: NOT_STARTED.stderr }),
      waitFor: async () => true,
      write: () => false,
      closeInput: () => {},
      stop: () => {},
      detach: () => {},
    };
  }
  const stdout = createOutputCapture();
  const stderr = createOutputCapture();
  let timedOut = false;
  let settled = false;
  let stopping = false;
  let killed = false;
  let resolveDone: (outcome: ExecOutcome) => void = () => {};
  const done = new Promise<ExecOutcome>((resolve) => {
    resolveDone = resolve;
  });
  // detached: the child leads a new process group (and session), so `kill(-pid)` reaches all it starts.
  const child = spawn("/bin/sh", ["-c", request.command], {
    cwd: request.cwd,
    env: { ...request.env },
    stdio: [request.stdin === "pipe" ? "pipe" : "ignore", "pipe", "pipe"],
    detached: true,
  });
  // stdout and stderr are always piped; only stdin depends on the request.
  const childOut = child.stdout as Readable;
  const childErr = child.stderr as Readable;
  const pid = child.pid;
  const untrack = pid === undefined ? () => {} : trackProcessGroup(pid);
  // A write to a child that already closed its stdin fails asynchronously; the write itself reported it.
  child.stdin?.on("error", () => {});
  const finish = (exitCode: number | null, extra = ""): void => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", stop);
    child.stdin?.destroy();
    childOut.destroy();
    childErr.destroy();
    resolveDone({ exitCode, stdout: stdout.text(), stderr: stderr.text() + extra, timedOut });
    stop();
  };
  function stop(): void {
    if (stopping) return;
    stopping = true;
    if (pid === undefined) {
      untrack();
      return;
    }
    // After the SIGKILL nothing of the group is left; a process that left the group may still hold
    // the pipes open, so the call ends without waiting for them once the shell itself is gone.
    const onKilled = (): void => {
      killed = true;
      if (child.exitCode !== null || child.signalCode !== null) finish(child.exitCode);
    };
    stopProcessGroup({ pid, graceMs: EXEC_KILL_GRACE_MS, untrack, onKilled });
  }
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, request.timeoutMs);
  request.signal?.addEventListener("abort", stop, { once: true });
  const onData = (capture: { add(chunk: string): void }, stream: "stdout" | "stderr") => (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    capture.add(text);
    request.onOutput?.(text, stream);
  };
  childOut.on("data", onData(stdout, "stdout"));
  childErr.on("data", onData(stderr, "stderr"));
  child.on("exit", (code) => {
    if (killed) finish(code);
  });
  child.on("error", (error) => finish(null, error.message));
  child.on("close", (code) => finish(code));
  return {
    pid,
    done,
    hasEnded: () => settled,
    output: () => ({ stdout: stdout.text(), stderr: stderr.text() }),
    waitFor(ms, signal) {
      if (settled || ms <= 0 || signal?.aborted) return Promise.resolve(settled);
      return new Promise<boolean>((resolve) => {
        const end = (ended: boolean): void => {
          clearTimeout(wait);
          signal?.removeEventListener("abort", onAbort);
          resolve(ended);
        };
        const onAbort = (): void => end(settled);
        const wait = setTimeout(() => end(settled), Math.max(0, ms));
        signal?.addEventListener("abort", onAbort, { once: true });
        void done.then(() => end(true));
      });
    },
    write(data) {
      const input = child.stdin;
      if (settled || input === null || input.destroyed || input.writableEnded) return false;
      input.write(data);
      return true;
    },
    closeInput() {
      if (child.stdin !== null && !child.stdin.writableEnded) child.stdin.end();
    },
    stop,
    detach() {
      // An unreferenced child is no longer reported among the process's active resources, which is
      // how the virtual clock tells that real work is in flight.
      child.unref();
    },
  };
}
