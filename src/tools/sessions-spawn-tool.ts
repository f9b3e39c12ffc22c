import type { SubagentSpawnRequest, Tool, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { resolveToolPath } from "./resolve-tool-path.js";
import { readOptionalBoolean, readOptionalString, readString } from "./tool-arguments.js";

function readSeconds(input: Record<string, unknown>): number | undefined {
  const value = input.runTimeoutSeconds ?? input.timeoutSeconds;
  return typeof value === "number" ? value : undefined;
}

function jsonResult(value: unknown): ToolResult {
  return textResult(JSON.stringify(value, null, 2));
}

/**
 * `sessions_spawn` (spec/loop.md §6.1): asks the session's sub-agent spawner to start an
 * isolated child run for `task`. The answer comes back at once as JSON, `accepted` with the
 * child's session key, or `forbidden` / `error` with the reason; the child's result is announced
 * to this session later, so the model should not poll for it.
 */
export const sessionsSpawnTool: Tool = {
  name: "sessions_spawn",
  description:
    "Start a sub-agent: an isolated run that works on `task` with its own session and a reduced tool set. " +
    "Returns at once; the sub-agent's result is announced back to you automatically when it finishes, " +
    "so do not poll or wait for it.",
  inputSchema: {
    type: "object",
    properties: {
      task: { type: "string", description: "What the sub-agent should do, self-contained." },
      label: { type: "string", description: "Short name for the task, shown in the announcement." },
      agentId: { type: "string", description: "Run the sub-agent as another configured agent." },
      model: { type: "string", description: "Model override for the sub-agent (provider/model)." },
      thinking: { type: "string", description: "Thinking level override for the sub-agent." },
      cwd: { type: "string", description: "Working directory inside the workspace." },
      runTimeoutSeconds: {
        type: "number",
        minimum: 0,
        description: "Stop the sub-agent after this many seconds (0 = no limit).",
      },
      timeoutSeconds: { type: "number", minimum: 0, description: "Alias of runTimeoutSeconds." },
      mode: {
        type: "string",
        enum: ["run", "session"],
        description: "`run` (default): one run. `session` needs `thread: true`.",
      },
      thread: { type: "boolean", description: "Bind the sub-agent to a thread (required for mode `session`)." },
      cleanup: {
        type: "string",
        enum: ["keep", "delete"],
        description: "Keep (default) or delete the child session afterwards.",
      },
      sandbox: { type: "string", enum: ["inherit", "require"], description: "Sandbox requirement for the child." },
      runtime: {
        type: "string",
        enum: ["subagent", "acp"],
        description: "`subagent` (default). `acp` (external coding harnesses) is not available here.",
      },
    },
    required: ["task"],
    additionalProperties: false,
  },
  async execute(input, context): Promise<ToolResult> {
    const task = readString(input, "task").trim();
    if (task === "") return jsonResult({ status: "error", error: "task is required" });
    if (readOptionalString(input, "runtime") === "acp") {
      return jsonResult({
        status: "error",
        error: 'runtime "acp" is not available in this runtime; use runtime "subagent" (the default)',
      });
    }
    const mode = readOptionalString(input, "mode") === "session" ? "session" : "run";
    const thread = readOptionalBoolean(input, "thread");
    if (mode === "session" && thread !== true) {
      return jsonResult({ status: "error", error: 'mode "session" requires thread: true' });
    }
    const cwd = readOptionalString(input, "cwd");
    if (cwd !== undefined) {
      const resolved = await resolveToolPath({ context, input: cwd, allowRoot: true });
      if (!resolved.ok) return textResult(resolved.error, true);
    }
    if (context.subagents === undefined) {
      return textResult("sessions_spawn is not available in this session (no sub-agent runner)", true);
    }
    const label = readOptionalString(input, "label")?.trim();
    const agentId = readOptionalString(input, "agentId")?.trim();
    const model = readOptionalString(input, "model")?.trim();
    const seconds = readSeconds(input);
    const cleanup = readOptionalString(input, "cleanup");
    const request: SubagentSpawnRequest = {
      task,
      mode,
      ...(label ? { label } : {}),
      ...(agentId ? { agentId } : {}),
      ...(model ? { model } : {}),
      ...(seconds === undefined ? {} : { runTimeoutSeconds: seconds }),
      ...(thread === undefined ? {} : { thread }),
      ...(cleanup === "delete" || cleanup === "keep" ? { cleanup } : {}),
    };
    return jsonResult(await context.subagents.spawn(request));
  },
};
