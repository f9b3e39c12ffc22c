import type { ExecApprovalDecision, Tool, ToolContext, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { analyzeShellCommand, segmentsOf } from "./analyze-shell-command.js";
import { evaluateExecPolicy } from "./evaluate-exec-policy.js";
import { addExecAllowlistEntries, type ExecApprovalsFile, readExecApprovalsStore } from "./exec-approvals-store.js";
import { formatExecOutcome } from "./format-exec-outcome.js";
import { requestExecApproval } from "./request-exec-approval.js";
import { type ResolvedSegment, resolveCommandSegments } from "./resolve-command-segments.js";
import { resolveExecSettings } from "./resolve-exec-settings.js";
import { describeSandboxFailure, resolveSandboxCommand } from "./resolve-sandbox-command.js";
import { resolveToolPath } from "./resolve-tool-path.js";
import { readOptionalString, readString } from "./tool-arguments.js";

/** Seconds a command may run when the call gives no `timeout` (classic exec's default). */
export const DEFAULT_EXEC_TIMEOUT_SECONDS = 1800;
/** Longest `timeout` honoured, seconds; larger values are clamped. */
export const MAX_EXEC_TIMEOUT_SECONDS = 3600;

/** Runs an allowed command: on the host, or inside bubblewrap when `sandboxed` (refused without it). */
async function runCommand(options: {
  context: ToolContext;
  command: string;
  cwd: string;
  timeoutSeconds: number;
  sandboxed: boolean;
  approvalId?: string;
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
  const outcome = await context.runtime.exec({
    command: shellCommand,
    cwd: options.cwd,
    env: context.runtime.env,
    timeoutMs: timeoutSeconds * 1000,
    ...(context.signal ? { signal: context.signal } : {}),
  });
  const sandboxFailure = options.sandboxed ? describeSandboxFailure(outcome) : undefined;
  if (sandboxFailure !== undefined) return textResult(sandboxFailure, true);
  const result = formatExecOutcome({ outcome, command, timeoutSeconds });
  return options.approvalId === undefined
    ? result
    : { ...result, details: { ...result.details, approvalId: options.approvalId } };
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

/**
 * `exec { command, workdir?, timeout? }`: runs a shell command with `/bin/sh -c` through
 * `runtime.exec`, after the workspace jail (for `workdir`) and the exec approval policy of
 * spec/loop.md §8. Approvals are answered inside the call ([runtime] decision, see the README).
 * In a sandboxed session the command runs inside bubblewrap ({@link resolveSandboxCommand}),
 * or is refused when no isolation is available; it never runs on the host.
 */
export const execTool: Tool = {
  name: "exec",
  description:
    "Run a shell command (sh -c) in the workspace and get back its exit code, stdout and stderr. " +
    "`workdir` is a folder inside the workspace (default: the workspace root); `timeout` is in seconds. " +
    "Commands outside the approved list may need the user's approval and can be refused; keep them " +
    "simple (no redirections or command substitution) so they can be checked.",
  inputSchema: {
    type: "object",
    properties: {
      command: { type: "string", description: "The shell command to run." },
      workdir: { type: "string", description: "Working directory, relative to the workspace." },
      timeout: {
        type: "number",
        minimum: 1,
        description: `Seconds before the command is stopped (default ${DEFAULT_EXEC_TIMEOUT_SECONDS}).`,
      },
    },
    required: ["command"],
    additionalProperties: false,
  },
  async execute(input, context): Promise<ToolResult> {
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
    if (decision.action === "run") {
      return runCommand({ context, command, cwd, timeoutSeconds, sandboxed: settings.host === "sandbox" });
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
    });
  },
};
