import type { Tool, ToolContext, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { capOutput, MAX_OUTPUT_CHARS } from "./cap-output.js";
import { isSandboxedSession } from "./is-sandboxed-session.js";
import {
  drainProcessOutput,
  type ProcessScope,
  type ProcessSession,
  type ProcessSessions,
  processLogText,
  processStatus,
} from "./process-sessions.js";
import { describeSandboxFailure } from "./resolve-sandbox-command.js";
import { splitLines } from "./split-lines.js";
import {
  readOptionalBoolean,
  readOptionalInteger,
  readOptionalNumber,
  readOptionalString,
  readString,
} from "./tool-arguments.js";

/** The actions of the `process` tool (classic names). */
export const PROCESS_ACTIONS = ["list", "poll", "log", "write", "kill", "clear", "remove"] as const;

export type ProcessAction = (typeof PROCESS_ACTIONS)[number];

/** Longest wait of one `poll`, ms (classic); larger `timeout`s are clamped. */
export const MAX_POLL_WAIT_MS = 30_000;
/** Lines `log` returns when the call gives neither `offset` nor `limit`: the last ones. */
export const DEFAULT_LOG_TAIL_LINES = 200;

const OUTPUT_CUT_NOTE = `[output cut at ${MAX_OUTPUT_CHARS} characters]`;

function processError(text: string): ToolResult {
  return { ...textResult(text, true), details: { status: "failed" } };
}

function result(text: string, details: Record<string, unknown>): ToolResult {
  return { ...textResult(capOutput(text, { maxChars: MAX_OUTPUT_CHARS, note: OUTPUT_CUT_NOTE })), details };
}

function trimEnd(text: string): string {
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

/** The closing line of a poll: how the command ended, or that it still runs. */
function endLine(session: ProcessSession): string {
  const { outcome } = session;
  if (outcome === undefined) return "Process still running.";
  if (session.killed) return "Process was killed.";
  if (outcome.timedOut) return `Process timed out after ${session.timeoutSeconds} s and was stopped.`;
  if (outcome.exitCode === null) return "Process ended without an exit code (it could not start or was killed).";
  return `Process exited with code ${outcome.exitCode}.`;
}

function sessionDetails(session: ProcessSession): Record<string, unknown> {
  const exitCode = session.outcome?.exitCode;
  return { status: processStatus(session), sessionId: session.id, ...(exitCode == null ? {} : { exitCode }) };
}

function list(sessions: readonly ProcessSession[]): ToolResult {
  if (sessions.length === 0) return result("No running or recent sessions.", { status: "completed", sessions: [] });
  const lines = sessions.map((session) => {
    const exit = session.outcome?.exitCode;
    const code = exit == null ? "" : ` (exit ${exit})`;
    return `${session.id} ${processStatus(session)}${code} :: ${session.command}`;
  });
  return result(lines.join("\n"), {
    status: "completed",
    sessions: sessions.map((session) => ({
      ...sessionDetails(session),
      command: session.command,
      workdir: session.workdir,
    })),
  });
}

async function poll(
  session: ProcessSession,
  input: Record<string, unknown>,
  context: ToolContext,
): Promise<ToolResult> {
  const timeout = readOptionalNumber(input, "timeout") ?? 0;
  const waitMs = Math.min(Math.max(0, Math.floor(timeout)), MAX_POLL_WAIT_MS);
  if (waitMs > 0 && !session.handle.hasEnded()) await session.handle.waitFor(waitMs, context.signal);
  // The handle may have ended a moment before its outcome was recorded: take it from the handle.
  if (session.handle.hasEnded() && session.outcome === undefined) session.outcome = await session.handle.done;
  const sandboxFailure =
    session.sandboxed && session.outcome !== undefined ? describeSandboxFailure(session.outcome) : undefined;
  if (sandboxFailure !== undefined) return processError(sandboxFailure);
  const drained = drainProcessOutput(session);
  const dropped =
    drained.dropped > 0 ? [`[${drained.dropped} earlier characters of output dropped; action=log shows the rest]`] : [];
  const output = drained.text.trim() === "" ? "(no new output)" : trimEnd(drained.text);
  return result([...dropped, output, "", endLine(session)].join("\n"), sessionDetails(session));
}

function log(session: ProcessSession, input: Record<string, unknown>): ToolResult {
  const offset = readOptionalInteger(input, "offset");
  const limit = readOptionalInteger(input, "limit");
  const { text } = processLogText(session);
  const lines = text === "" ? [] : splitLines(text);
  const count = limit ?? (offset === undefined ? DEFAULT_LOG_TAIL_LINES : lines.length);
  const start = offset ?? Math.max(0, lines.length - count);
  const shown = lines.slice(start, start + count);
  const notes =
    offset === undefined && limit === undefined && lines.length > DEFAULT_LOG_TAIL_LINES
      ? ["", `[last ${DEFAULT_LOG_TAIL_LINES} of ${lines.length} lines; pass offset and limit for others]`]
      : [];
  const body = shown.length === 0 ? "(no output)" : shown.join("\n");
  return result([body, ...notes].join("\n"), { ...sessionDetails(session), totalLines: lines.length });
}

function write(session: ProcessSession, input: Record<string, unknown>): ToolResult {
  const data = readOptionalString(input, "data") ?? "";
  const eof = readOptionalBoolean(input, "eof") === true;
  if (session.outcome !== undefined) return processError(`Session ${session.id} has already ended.`);
  if (!session.stdinOpen) {
    return processError(
      `Session ${session.id} has no open stdin: only a command started with background or yieldMs accepts input.`,
    );
  }
  if (data !== "" && !session.handle.write(data)) return processError(`Session ${session.id} stdin is closed.`);
  if (eof) {
    session.handle.closeInput();
    session.stdinOpen = false;
  }
  const wrote = `Wrote ${Buffer.byteLength(data)} bytes to session ${session.id}`;
  return result(eof ? `${wrote} and closed its stdin.` : `${wrote}.`, sessionDetails(session));
}

async function kill(session: ProcessSession): Promise<void> {
  session.killed = true;
  session.handle.stop();
  session.outcome = await session.handle.done;
}

/**
 * `process { action, sessionId?, timeout?, offset?, limit?, data?, eof? }`: manages the commands
 * `exec` moved to the background (classic action and argument names). `list` shows the agent's
 * sessions; `poll` returns the output since the last poll and the status, waiting up to `timeout`
 * ms (at most {@link MAX_POLL_WAIT_MS}) of the command's real time for it to end; `log` pages the
 * kept output by lines (`offset` 0-based, `limit`; the last {@link DEFAULT_LOG_TAIL_LINES} lines
 * without either); `write` sends `data` to stdin (`eof` closes it); `kill` stops a running
 * command; `clear` forgets an ended one; `remove` kills if needed, then forgets. It never starts a
 * command: everything it touches passed the exec policy and workspace jail when `exec` started it,
 * and a session sees only its agent's commands from its own side of the sandbox ({@link ProcessScope}).
 */
export function createProcessTool(sessions: ProcessSessions): Tool {
  return {
    name: "process",
    description:
      "Manage commands that exec moved to the background. Actions: list; poll (new output and status; " +
      "`timeout` ms waits for the command to end, at most 30000); log (output lines, `offset`/`limit`); " +
      "write (`data` to stdin, `eof` closes it); kill; clear (forget an ended session); remove (kill if running, then forget).",
    inputSchema: {
      type: "object",
      properties: {
        action: { type: "string", enum: [...PROCESS_ACTIONS], description: "What to do." },
        sessionId: { type: "string", description: "The session id exec returned (all actions but list)." },
        timeout: { type: "number", minimum: 0, description: "poll: milliseconds to wait for the command to end." },
        offset: { type: "integer", minimum: 0, description: "log: first line, 0-based." },
        limit: { type: "integer", minimum: 1, description: "log: number of lines." },
        data: { type: "string", description: "write: text to send to stdin." },
        eof: { type: "boolean", description: "write: close stdin afterwards." },
      },
      required: ["action"],
      additionalProperties: false,
    },
    async execute(input, context): Promise<ToolResult> {
      const action = readString(input, "action") as ProcessAction;
      const agentId = context.agentId ?? "main";
      const scope = { agentId, sandboxed: isSandboxedSession(context.config ?? {}, agentId, context.sessionKey) };
      if (action === "list") return list(sessions.list(scope));
      const sessionId = readOptionalString(input, "sessionId");
      if (sessionId === undefined || sessionId === "")
        return processError(`sessionId is required for action ${action}.`);
      const session = sessions.get(scope, sessionId);
      if (session === undefined) return processError(`No session found for ${sessionId}.`);
      context.runtime.fs.noteUnknownChange();
      const handlers: Record<ProcessAction, () => Promise<ToolResult> | ToolResult> = {
        list: () => list(sessions.list(scope)),
        poll: () => poll(session, input, context),
        log: () => log(session, input),
        write: () => write(session, input),
        kill: async () => {
          if (session.outcome !== undefined) return processError(`Session ${sessionId} is not running.`);
          await kill(session);
          return result(`Killed session ${sessionId}.`, sessionDetails(session));
        },
        clear: () => {
          if (session.outcome === undefined) {
            return processError(`Session ${sessionId} is still running; kill it first, or use action=remove.`);
          }
          sessions.remove(sessionId);
          return result(`Cleared session ${sessionId}.`, { status: "completed", sessionId });
        },
        remove: async () => {
          const running = session.outcome === undefined;
          if (running) await kill(session);
          sessions.remove(sessionId);
          return result(`${running ? "Killed and removed" : "Removed"} session ${sessionId}.`, {
            status: "completed",
            sessionId,
          });
        },
      };
      return handlers[action]();
    },
  };
}
