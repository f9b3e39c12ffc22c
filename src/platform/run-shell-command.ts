import { spawn } from "node:child_process";
import type { ExecOutcome, ExecRequest } from "../domain/index.js";
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
  return new Promise((resolve) => {
    if (request.signal?.aborted) {
      resolve({ exitCode: null, stdout: "", stderr: "not started: the run was aborted", timedOut: false });
      return;
    }
    const stdout = createOutputCapture();
    const stderr = createOutputCapture();
    let timedOut = false;
    let settled = false;
    let stopping = false;
    let killed = false;
    // detached: the child leads a new process group (and session), so `kill(-pid)` reaches all it starts.
    const child = spawn("/bin/sh", ["-c", request.command], {
      cwd: request.cwd,
      env: { ...request.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const pid = child.pid;
    const untrack = pid === undefined ? () => {} : trackProcessGroup(pid);
    const finish = (exitCode: number | null, extra = ""): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", stop);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({ exitCode, stdout: stdout.text(), stderr: stderr.text() + extra, timedOut });
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
    child.stdout.on("data", (chunk: Buffer) => {
      stdout.add(chunk.toString("utf8"));
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr.add(chunk.toString("utf8"));
    });
    child.on("exit", (code) => {
      if (killed) finish(code);
    });
    child.on("error", (error) => finish(null, error.message));
    child.on("close", (code) => finish(code));
  });
}
