import type { ExecOutcome, ToolContext, ToolResult } from "../domain/index.js";
import { appendProcessOutput, type ProcessSession, type ProcessSessions } from "./process-sessions.js";

/** Chars of output shown with a "still running" result. */
export const RUNNING_TAIL_CHARS = 2000;

/** How a backgroundable `exec` call waits. */
export interface YieldSettings {
  sessions: ProcessSessions;
  /** Real milliseconds to wait for the command before it moves to the background; 0 = at once. */
  yieldMs: number;
  /** Keep the command's stdin open for `process write`. */
  stdinOpen: boolean;
}

/**
 * Starts an allowed command and waits up to `yieldMs` of the command's real time for it
 * (spec/loop.md §2.3.1 `exec`; classic `yieldMs` / `background`). A command that ends in time,
 * or is stopped because the run was aborted meanwhile, comes back as `finished` like a plain
 * `exec`; one still running moves to the unit's background sessions and the call returns at once
 * with its session id. A background command outlives the run that started it (its timeout still
 * applies) and is stopped when the unit ends.
 */
export async function runYieldingCommand(options: {
  context: ToolContext;
  /** As the model wrote it. */
  command: string;
  /** What the shell runs (the sandbox wrapper around `command` when sandboxed). */
  shellCommand: string;
  cwd: string;
  /** Workspace-relative `cwd`. */
  workdir: string;
  timeoutSeconds: number;
  sandboxed: boolean;
  settings: YieldSettings;
}): Promise<{ kind: "finished"; outcome: ExecOutcome } | { kind: "running"; result: ToolResult }> {
  const { context, settings } = options;
  const { runtime } = context;
  let session: ProcessSession | undefined;
  const early: string[] = [];
  const handle = runtime.startCommand({
    command: options.shellCommand,
    cwd: options.cwd,
    env: runtime.env,
    timeoutMs: options.timeoutSeconds * 1000,
    stdin: settings.stdinOpen ? "pipe" : "closed",
    // A background command outlives its run, so the run's signal is not its own; a run aborted
    // already never starts one.
    ...(context.signal?.aborted ? { signal: context.signal } : {}),
    onOutput: (text) => (session === undefined ? early.push(text) : appendProcessOutput(session, text)),
  });
  const record: ProcessSession = {
    id: "",
    agentId: context.agentId ?? "main",
    command: options.command,
    workdir: options.workdir,
    timeoutSeconds: options.timeoutSeconds,
    startedAt: runtime.now(),
    sandboxed: options.sandboxed,
    stdinOpen: settings.stdinOpen,
    handle,
    killed: false,
    log: "",
    logDropped: 0,
    pending: "",
    pendingDropped: 0,
  };
  session = record;
  for (const text of early.splice(0)) appendProcessOutput(record, text);
  void handle.done.then((outcome) => {
    record.outcome = outcome;
    record.endedAt = runtime.now();
  });
  let ended = await handle.waitFor(settings.yieldMs, context.signal);
  if (!ended && context.signal?.aborted) {
    handle.stop();
    await handle.done;
    ended = true;
  }
  if (ended) return { kind: "finished", outcome: await handle.done };
  // From here on the command runs alongside the simulation instead of holding its clock.
  handle.detach();
  record.id = runtime.newId("proc");
  settings.sessions.add(record);
  return { kind: "running", result: runningResult(record) };
}

function runningResult(session: ProcessSession): ToolResult {
  const tail = session.log.slice(-RUNNING_TAIL_CHARS);
  const lines = [
    `Command still running in the background (session ${session.id}): ${session.command}`,
    `Check on it with process (action=poll, sessionId=${session.id}); stop it with action=kill.`,
    ...(tail.trim() === "" ? [] : ["", "Output so far:", tail.endsWith("\n") ? tail.slice(0, -1) : tail]),
  ];
  return {
    content: [{ type: "text", text: lines.join("\n") }],
    isError: false,
    details: { status: "running", sessionId: session.id },
  };
}
