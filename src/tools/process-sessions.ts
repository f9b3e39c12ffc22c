import type { ExecOutcome, StartedCommand } from "../domain/index.js";

/** Chars of a background command's output kept for `process log` (the most recent ones). */
export const PROCESS_LOG_CHARS = 200_000;
/** Chars of unread output kept for the next `process poll` (the most recent ones). */
export const PROCESS_PENDING_CHARS = 50_000;

/** How a background session stands: `killed` when `process kill`/`remove` stopped it. */
export type ProcessSessionStatus = "running" | "completed" | "failed" | "timed_out" | "killed";

/** One backgrounded `exec` command and what it has printed. */
export interface ProcessSession {
  id: string;
  /** The agent whose `exec` started it ({@link ProcessScope}). */
  agentId: string;
  command: string;
  /** Workspace-relative working directory (`.` for the root). */
  workdir: string;
  /** Seconds, for the timeout message. */
  timeoutSeconds: number;
  /** Simulated ms since the epoch (`runtime.now()`). */
  startedAt: number;
  endedAt?: number;
  sandboxed: boolean;
  /** Whether its stdin is an open pipe (`process write`). */
  stdinOpen: boolean;
  handle: StartedCommand;
  outcome?: ExecOutcome;
  killed: boolean;
  /** stdout and stderr interleaved in arrival order, the last {@link PROCESS_LOG_CHARS}. */
  log: string;
  /** Chars dropped from the start of `log`. */
  logDropped: number;
  /** Output since the last poll, the last {@link PROCESS_PENDING_CHARS}. */
  pending: string;
  pendingDropped: number;
}

/**
 * Who may see a session: the agent that started it, and only from the same side of the sandbox
 * (a sandboxed session never reaches a command running on the host, nor the reverse).
 */
export interface ProcessScope {
  agentId: string;
  sandboxed: boolean;
}

/** The background sessions of one unit, in start order. */
export interface ProcessSessions {
  add(session: ProcessSession): void;
  /** The session with this id, if it is in `scope`. */
  get(scope: ProcessScope, id: string): ProcessSession | undefined;
  /** The sessions in `scope`, in start order. */
  list(scope: ProcessScope): ProcessSession[];
  remove(id: string): void;
}

function inScope(session: ProcessSession, scope: ProcessScope): boolean {
  return session.agentId === scope.agentId && session.sandboxed === scope.sandboxed;
}

export function createProcessSessions(): ProcessSessions {
  const sessions = new Map<string, ProcessSession>();
  return {
    add(session) {
      sessions.set(session.id, session);
    },
    get(scope, id) {
      const session = sessions.get(id);
      return session !== undefined && inScope(session, scope) ? session : undefined;
    },
    list(scope) {
      return [...sessions.values()].filter((session) => inScope(session, scope));
    },
    remove(id) {
      sessions.delete(id);
    },
  };
}

/** Appends output to a session's log and unread output, dropping the oldest chars past the caps. */
export function appendProcessOutput(session: ProcessSession, text: string): void {
  session.log += text;
  if (session.log.length > PROCESS_LOG_CHARS * 2) {
    const cut = session.log.length - PROCESS_LOG_CHARS;
    session.logDropped += cut;
    session.log = session.log.slice(cut);
  }
  session.pending += text;
  if (session.pending.length > PROCESS_PENDING_CHARS * 2) {
    const cut = session.pending.length - PROCESS_PENDING_CHARS;
    session.pendingDropped += cut;
    session.pending = session.pending.slice(cut);
  }
}

/** The session's log with the caps applied (the over-allowance is trimmed lazily on append). */
export function processLogText(session: ProcessSession): { text: string; dropped: number } {
  const extra = Math.max(0, session.log.length - PROCESS_LOG_CHARS);
  return { text: session.log.slice(extra), dropped: session.logDropped + extra };
}

/** Takes the unread output (and how much of it was dropped), leaving none unread. */
export function drainProcessOutput(session: ProcessSession): { text: string; dropped: number } {
  const extra = Math.max(0, session.pending.length - PROCESS_PENDING_CHARS);
  const drained = { text: session.pending.slice(extra), dropped: session.pendingDropped + extra };
  session.pending = "";
  session.pendingDropped = 0;
  return drained;
}

/** The session's status now. */
export function processStatus(session: ProcessSession): ProcessSessionStatus {
  const { outcome } = session;
  if (outcome === undefined) return "running";
  if (session.killed) return "killed";
  if (outcome.timedOut) return "timed_out";
  return outcome.exitCode === 0 ? "completed" : "failed";
}
