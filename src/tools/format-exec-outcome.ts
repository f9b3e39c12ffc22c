import type { ExecOutcome, ToolResult } from "../domain/index.js";
import { truncateToolResultText } from "../platform/truncate-tool-result-text.js";
import { MAX_OUTPUT_CHARS } from "./cap-output.js";

/** Ends exec output that was cut to {@link MAX_OUTPUT_CHARS}; its length counts toward the cap. */
export const EXEC_OUTPUT_CUT_NOTE = `\n\n[output cut at ${MAX_OUTPUT_CHARS} characters]`;

/** How a command ended, as `details.status` records it (and the compaction's tool-failure lines read it). */
export type ExecStatus = "completed" | "failed" | "timed_out";

function section(label: string, text: string): string[] {
  if (text === "") return [];
  return [`${label}:`, text.endsWith("\n") ? text.slice(0, -1) : text];
}

function statusOf(outcome: ExecOutcome): ExecStatus {
  if (outcome.timedOut) return "timed_out";
  return outcome.exitCode === 0 ? "completed" : "failed";
}

/**
 * The text the model sees for a finished command: a status line with the exit code, then the
 * non-empty streams under `stdout:` and `stderr:` (or `(no output)`), capped at
 * {@link MAX_OUTPUT_CHARS} chars including {@link EXEC_OUTPUT_CUT_NOTE}. The cap is the
 * tool-result rule of context.md §6.3: when the end of the output looks important (an error, an
 * exit code, a summary line) the head and the tail are kept and the middle is dropped, else only
 * the head, so a trailing error line survives. A non-zero exit is a normal result (as classic exec
 * reports a completed command): the exit code is information the model may act on. A timeout or a
 * command that could not start or was killed by a signal is an error result. `details` (never
 * sent to a model) carries `exitCode`, `timedOut` and `status`
 * (`completed` = exit 0, `failed` = other exit or no exit, `timed_out`). Pure.
 */
export function formatExecOutcome(options: {
  outcome: ExecOutcome;
  command: string;
  /** Seconds, for the timeout message. */
  timeoutSeconds: number;
}): ToolResult {
  const { outcome } = options;
  const streams = [...section("stdout", outcome.stdout), ...section("stderr", outcome.stderr)];
  const body = streams.length === 0 ? ["(no output)"] : streams;
  let status: string;
  if (outcome.timedOut)
    status = `Command timed out after ${options.timeoutSeconds} s and was stopped: ${options.command}`;
  else if (outcome.exitCode === null)
    status = `Command did not finish (it could not start or was killed): ${options.command}`;
  else status = `Exit code ${outcome.exitCode}`;
  const text = truncateToolResultText({
    text: [status, ...body].join("\n"),
    maxChars: MAX_OUTPUT_CHARS,
    suffix: EXEC_OUTPUT_CUT_NOTE,
  });
  return {
    content: [{ type: "text", text }],
    isError: outcome.timedOut || outcome.exitCode === null,
    details: { exitCode: outcome.exitCode, timedOut: outcome.timedOut, status: statusOf(outcome) },
  };
}
