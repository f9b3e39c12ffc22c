import { relative, sep } from "node:path";
import { resolveConfigSection } from "../config/resolve-openclaw-config.js";
import type { ExecApprovalDecision, ExecOutcome, Tool, ToolContext, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { analyzeShellCommand, segmentsOf } from "./analyze-shell-command.js";
import { evaluateExecPolicy } from "./evaluate-exec-policy.js";
import { addExecAllowlistEntries, type ExecApprovalsFile, readExecApprovalsStore } from "./exec-approvals-store.js";
import { formatExecOutcome } from "./format-exec-outcome.js";
import type { ProcessSessions } from "./process-sessions.js";
import { requestExecApproval } from "./request-exec-approval.js";
import { type ResolvedSegment, resolveCommandSegments } from "./resolve-command-segments.js";
import { resolveExecSettings } from "./resolve-exec-settings.js";
import { describeSandboxFailure, resolveSandboxCommand } from "./resolve-sandbox-command.js";
import { resolveToolPath } from "./resolve-tool-path.js";
import { runYieldingCommand, type YieldSettings } from "./run-yielding-command.js";
import { readOptionalBoolean, readOptionalNumber, readOptionalString, readString } from "./tool-arguments.js";

/** Seconds a command may run when the call gives no `timeout` (classic exec's default). */
export const DEFAULT_EXEC_TIMEOUT_SECONDS = 1800;
/** Longest `timeout` honoured, seconds; larger values are clamped. */
export const MAX_EXEC_TIMEOUT_SECONDS = 3600;

/** Longest `yieldMs` honoured, ms; larger values are clamped (the command's timeout still applies). */
export const MAX_EXEC_YIELD_MS = MAX_EXEC_TIMEOUT_SECONDS * 1000;

/**
 * Runs an allowed command: on the host, or inside bubblewrap when `sandboxed` (refused without it).
 * With `yieldTo` it may move to the background ({@link runYieldingCommand}).
 */
async function runCommand(options: {
  context: ToolContext;
  command: string;
  cwd: string;
  timeoutSeconds: number;
  sandboxed: boolean;
  approvalId?: string;
  yieldTo?: YieldSettings;
}): Promise<ToolResult> {
  const { context, command, timeoutSeconds } = options;
  let shellCommand = command;
  if (options.sandboxed) {
    const isolated = await resolveSandboxCommand({
      runtime: context.runtime,
      command,
      workspaceDir: context.workspaceDir,
      cwd: options.cwd,
    });
    if (!isolated.ok) return textResult(isolated.error, true);
    shellCommand = isolated.command;
  }
  let outcome: ExecOutcome;
  if (options.yieldTo === undefined) {
    outcome = await context.runtime.exec({
      command: shellCommand,
      cwd: options.cwd,
      env: context.runtime.env,
      timeoutMs: timeoutSeconds * 1000,
      ...(context.signal ? { signal: context.signal } : {}),
    });
  } else {
    const ran = await runYieldingCommand({
      context,
      command,
      shellCommand,
      cwd: options.cwd,
      workdir: workspaceRelative(context.workspaceDir, options.cwd),
      timeoutSeconds,
      sandboxed: options.sandboxed,
      settings: options.yieldTo,
    });
    if (ran.kind === "running") return withApprovalId(ran.result, options.approvalId);
    outcome = ran.outcome;
  }
  const sandboxFailure = options.sandboxed ? describeSandboxFailure(outcome) : undefined;
  if (sandboxFailure !== undefined) return textResult(sandboxFailure, true);
  return withApprovalId(formatExecOutcome({ outcome, command, timeoutSeconds }), options.approvalId);
}

function withApprovalId(result: ToolResult, approvalId: string | undefined): ToolResult {
  return approvalId === undefined ? result : { ...result, details: { ...result.details, approvalId } };
}

function workspaceRelative(workspaceDir: string, cwd: string): string {
  return relative(workspaceDir, cwd).split(sep).join("/") || ".";
}

function denied(approvalId: string, reason: string, command: string): ToolResult {
  return {
    ...textResult(`Exec denied (gateway id=${approvalId}, ${reason}): ${command}`, true),
    details: { approvalId, reason },
  };
}

/**
 * spec/loop.md §8.2 step 6 with an approver that answers inside the call: `allow-once` runs,
 * `allow-always` first adds each segment's resolved path to the store, `deny` refuses; no
 * answer applies `askFallback`. A refused command never reaches `runtime.exec`.
 */
async function runWithApproval(options: {
  context: ToolContext;
  command: string;
  cwd: string;
  timeoutSeconds: number;
  satisfied: boolean;
  askFallback: "deny" | "allowlist" | "full";
  store: ExecApprovalsFile;
  segments: readonly ResolvedSegment[];
  yieldTo?: YieldSettings;
}): Promise<ToolResult> {
  const { context, command } = options;
  const { approvalId, decision } = await requestExecApproval({ context, command, workdir: options.cwd });
  const run = (): Promise<ToolResult> => runCommand({ ...options, sandboxed: false, approvalId });
  const decided: Record<ExecApprovalDecision, () => Promise<ToolResult>> = {
    "allow-once": run,
    "allow-always": async () => {
      const paths = options.segments.flatMap((segment) =>
        segment.executable === undefined ? [] : [segment.executable],
      );
      await addExecAllowlistEntries({
        runtime: context.runtime,
        file: options.store,
        agentId: context.agentId ?? "main",
        paths,
      });
      return run();
    },
    deny: async () => denied(approvalId, "user-denied", command),
  };
  if (decision !== undefined) return decided[decision]();
  if (options.askFallback === "full") return run();
  if (options.askFallback === "allowlist") {
    return options.satisfied ? run() : denied(approvalId, "approval-timeout (allowlist-miss)", command);
  }
  return denied(approvalId, "approval-timeout", command);
}

const BASE_DESCRIPTION =
  "Run a shell command (sh -c) in the workspace and get back its exit code, stdout and stderr. " +
  "`workdir` is a folder inside the workspace (default: the workspace root); `timeout` is in seconds. " +
  "Commands outside the approved list may need the user's approval and can be refused; keep them " +
  "simple (no redirections or command substitution) so they can be checked.";

const BACKGROUND_DESCRIPTION =
  " A command still running after `yieldMs` milliseconds (or at once with `background: true`) moves to " +
  "the background: the call returns its session id, and the process tool polls, reads, feeds or stops it.";

const BASE_PROPERTIES = {
  command: { type: "string", description: "The shell command to run." },
  workdir: { type: "string", description: "Working directory, relative to the workspace." },
  timeout: {
    type: "number",
    minimum: 1,
    description: `Seconds before the command is stopped (default ${DEFAULT_EXEC_TIMEOUT_SECONDS}).`,
  },
};

/** Where `exec` can move commands to: the unit's background sessions, shared with the `process` tool. */
export interface ExecToolOptions {
  /** Absent: every command runs in the foreground and `yieldMs` / `background` are not offered. */
  sessions?: ProcessSessions;
}

/**
 * `exec { command, workdir?, timeout?, yieldMs?, background? }`: runs a shell command with
 * `/bin/sh -c` through the runtime, after the workspace jail (for `workdir`) and the exec approval
 * policy of spec/loop.md §8. Approvals are answered inside the call ([runtime] decision, see the
 * README). In a sandboxed session the command runs inside bubblewrap ({@link resolveSandboxCommand}),
 * or is refused when no isolation is available; it never runs on the host. With `sessions`, a
 * command still running after `yieldMs` (default `tools.exec.backgroundMs`) or started with
 * `background: true` moves to the background ({@link runYieldingCommand}), as long as the run's
 * model is offered the `process` tool; without it every command runs in the foreground.
 */
export function createExecTool(options: ExecToolOptions = {}): Tool {
  const { sessions } = options;
  return {
    name: "exec",
    description: sessions === undefined ? BASE_DESCRIPTION : BASE_DESCRIPTION + BACKGROUND_DESCRIPTION,
    inputSchema: {
      type: "object",
      properties:
        sessions === undefined
          ? BASE_PROPERTIES
          : {
              ...BASE_PROPERTIES,
              yieldMs: {
                type: "number",
                minimum: 0,
                description: "Milliseconds to wait before moving a still-running command to the background.",
              },
              background: { type: "boolean", description: "Move the command to the background at once." },
            },
      required: ["command"],
      additionalProperties: false,
    },
    execute: (input, context) => executeExec(input, context, sessions),
  };
}

/** `exec` without background sessions: every command runs in the foreground. */
export const execTool: Tool = createExecTool();

/** How this call may yield, or `undefined` to run in the foreground. */
function yieldSettingsFor(
  input: Record<string, unknown>,
  context: ToolContext,
  sessions: ProcessSessions | undefined,
): YieldSettings | undefined {
  if (sessions === undefined) return undefined;
  // Classic rule: without the process tool nobody could poll a background command.
  if (context.toolNames !== undefined && !context.toolNames.includes("process")) return undefined;
  const background = readOptionalBoolean(input, "background") === true;
  const yieldMs = readOptionalNumber(input, "yieldMs");
  const { exec } = resolveConfigSection(context.config ?? {}, "tools");
  const waitMs = background ? 0 : Math.min(Math.max(0, yieldMs ?? exec.backgroundMs), MAX_EXEC_YIELD_MS);
  // Only a call that asks for the background itself gets an open stdin; others read end-of-file as before.
  return { sessions, yieldMs: waitMs, stdinOpen: background || yieldMs !== undefined };
}

async function executeExec(
  input: Record<string, unknown>,
  context: ToolContext,
  sessions: ProcessSessions | undefined,
): Promise<ToolResult> {
  const command = readString(input, "command");
  const workdirInput = readOptionalString(input, "workdir");
  const timeout = input.timeout;
  const timeoutSeconds = Math.min(
    typeof timeout === "number" ? timeout : DEFAULT_EXEC_TIMEOUT_SECONDS,
    MAX_EXEC_TIMEOUT_SECONDS,
  );
  let cwd = context.workspaceDir;
  if (workdirInput !== undefined) {
    const resolved = await resolveToolPath({ context, input: workdirInput, allowRoot: true });
    if (!resolved.ok) return textResult(resolved.error, true);
    if ((await context.runtime.fs.stat(resolved.path))?.kind !== "directory") {
      return textResult(`Working directory not found: ${workdirInput}`, true);
    }
    cwd = resolved.path;
  }
  const store = await readExecApprovalsStore(context.runtime);
  if (!store.ok) return textResult(store.error, true);
  const settings = resolveExecSettings({
    config: context.config ?? {},
    agentId: context.agentId ?? "main",
    ...(context.sessionKey === undefined ? {} : { sessionKey: context.sessionKey }),
    approvals: store.file.approvals,
  });
  const analysis = analyzeShellCommand(command);
  const segments = analysis.ok
    ? await resolveCommandSegments({ segments: segmentsOf(analysis.parts), workdir: cwd, runtime: context.runtime })
    : [];
  const decision = evaluateExecPolicy({ settings, analysis, segments });
  if (decision.action === "deny") return textResult(decision.message, true);
  const yieldTo = yieldSettingsFor(input, context, sessions);
  const background = yieldTo === undefined ? {} : { yieldTo };
  if (decision.action === "run") {
    return runCommand({ context, command, cwd, timeoutSeconds, sandboxed: settings.host === "sandbox", ...background });
  }
  return runWithApproval({
    context,
    command,
    cwd,
    timeoutSeconds,
    satisfied: decision.satisfied,
    askFallback: settings.askFallback,
    store: store.file,
    segments,
    ...background,
  });
}
