import type { ExecOutcome, ToolResult } from "../domain/index.js";
import { capOutput, MAX_OUTPUT_CHARS } from "./cap-output.js";

function section(label: string, text: string): string[] {
  if (text === "") return [];
  return [`${label}:`, text.endsWith("\n") ? text.slice(0, -1) : text];
}

/**
 * The text the model sees for a finished command: a status line with the exit code, then the
 * non-empty streams under `stdout:` and `stderr:` (or `(no output)`), capped at
 * {@link MAX_OUTPUT_CHARS}. A non-zero exit is a normal result (as classic exec reports a
 * completed command): the exit code is information the model may act on. A timeout or a
 * command that could not start or was killed by a signal is an error result. Pure.
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
  const text = capOutput([status, ...body].join("\n"), {
    maxChars: MAX_OUTPUT_CHARS,
    note: `[output cut at ${MAX_OUTPUT_CHARS} characters]`,
  });
  return {
    content: [{ type: "text", text }],
    isError: outcome.timedOut || outcome.exitCode === null,
    details: { exitCode: outcome.exitCode, timedOut: outcome.timedOut },
  };
}
