import type {
  EventSink,
  Runtime,
  Tool,
  ToolCallBlock,
  ToolContext,
  ToolResult,
  ToolResultMessage,
} from "../domain/index.js";
import { errorMessage } from "../domain/index.js";
import { validateToolInput } from "../tools/validate-tool-input.js";
import type { RunHooks } from "./create-run-hooks.js";

/** Tool result text of a block without a reason (spec/loop.md §3.4). */
export const BLOCKED_BY_HOOK_TEXT = "Tool call blocked by plugin hook";

export interface ExecuteToolCallOptions {
  call: ToolCallBlock;
  tools: readonly Tool[];
  runtime: Runtime;
  workspaceDir: string;
  emit: EventSink;
  base: { runId: string; sessionKey: string };
  signal?: AbortSignal;
  /** Session services and config handed to every tool (approver, sub-agent spawner). */
  services?: ToolServices;
  /** The run's plugin hooks: `before_tool_call`, `after_tool_call`. */
  hooks?: RunHooks;
  /** Monotonic clock in ms for `after_tool_call` `durationMs`; omitted without it. */
  monotonic?: () => number;
  /**
   * Simulated time the call takes (a scripted step's `takes:`), waited on the unit's clock
   * before the tool runs; an abort meanwhile (interrupt, run timeout) means it never runs.
   */
  takesMs?: number;
}

/** Tool result text of a call whose run was aborted before the tool ran. */
export const TOOL_ABORTED_TEXT = "Tool call aborted: the run was stopped before the tool ran.";

/** The parts of a {@link ToolContext} that come from the session rather than the call. */
export type ToolServices = Pick<ToolContext, "config" | "agentId" | "approver" | "subagents" | "messenger" | "memory">;

function errorResult(text: string): ToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

interface ToolRun {
  result: ToolResult;
  /** The params the tool ran with (hook-adjusted), or the call's input. */
  params: Record<string, unknown>;
}

async function runTool(options: ExecuteToolCallOptions): Promise<ToolRun> {
  const { call } = options;
  const failed = (text: string): ToolRun => ({ result: errorResult(text), params: call.input });
  const tool = options.tools.find((candidate) => candidate.name === call.name);
  if (tool === undefined) return failed(`Tool ${call.name} not found`);
  if (call.invalidInput !== undefined) {
    return failed(`Invalid arguments for ${call.name}: not valid JSON (${call.invalidInput.slice(0, 200)})`);
  }
  const problem = validateToolInput(tool, call.input);
  if (problem !== undefined) return failed(problem);
  let decision: Awaited<ReturnType<typeof beforeToolCall>>;
  try {
    decision = await beforeToolCall(options);
  } catch (error) {
    // The run stopped (run timeout, interrupt) while a hook was still deciding: the tool never runs.
    if (options.signal?.aborted === true) return failed(TOOL_ABORTED_TEXT);
    throw error;
  }
  if (decision.blockReason !== undefined) return failed(decision.blockReason);
  const { params } = decision;
  if (options.takesMs !== undefined && options.takesMs > 0) {
    await options.runtime.sleep(options.takesMs, options.signal);
    if (options.signal?.aborted === true) return { result: errorResult(TOOL_ABORTED_TEXT), params };
  }
  try {
    const result = await tool.execute(params, {
      ...options.services,
      runtime: options.runtime,
      workspaceDir: options.workspaceDir,
      toolCallId: call.id,
      toolNames: options.tools.map((candidate) => candidate.name),
      runId: options.base.runId,
      sessionKey: options.base.sessionKey,
      emit: options.emit,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return { result, params };
  } catch (error) {
    return { result: errorResult(errorMessage(error)), params };
  }
}

/**
 * Hook `before_tool_call` (spec/loop.md §3.3): returned params are shallow-merged over the
 * call's input; a block emits `tool_blocked` and yields the block reason.
 */
async function beforeToolCall(
  options: ExecuteToolCallOptions,
): Promise<{ params: Record<string, unknown>; blockReason?: string }> {
  const { call, hooks, base } = options;
  if (hooks === undefined || !hooks.registry.hasHooks("before_tool_call")) return { params: call.input };
  let blockedBy = "";
  const decision = await hooks.registry.runModifying("before_tool_call", {
    ...(hooks.signal === undefined ? {} : { signal: hooks.signal }),
    event: { toolName: call.name, params: call.input, runId: base.runId, toolCallId: call.id },
    context: { ...hooks.context, toolName: call.name, runId: base.runId, toolCallId: call.id },
    report: hooks.report,
    onStop: (pluginId) => {
      blockedBy = pluginId;
    },
  });
  if (decision?.block === true) {
    const reason = decision.blockReason ?? BLOCKED_BY_HOOK_TEXT;
    options.emit({
      ...base,
      type: "tool_blocked",
      toolCallId: call.id,
      toolName: call.name,
      reason,
      pluginId: blockedBy,
    });
    return { params: call.input, blockReason: reason };
  }
  return { params: decision?.params === undefined ? call.input : { ...call.input, ...decision.params } };
}

/**
 * One tool call (spec/loop.md §2.3): find the tool by exact name among the offered tools,
 * validate its arguments, run `before_tool_call`, execute; every failure (and a block)
 * becomes an error result the model sees. `after_tool_call` follows every call.
 */
export async function executeToolCall(options: ExecuteToolCallOptions): Promise<ToolResultMessage> {
  const { call, emit, base, hooks } = options;
  emit({ ...base, type: "tool_execution_start", toolCallId: call.id, toolName: call.name, args: call.input });
  const started = options.monotonic?.();
  const { result, params } = await runTool(options);
  emit({
    ...base,
    type: "tool_execution_end",
    toolCallId: call.id,
    toolName: call.name,
    result,
    isError: result.isError,
  });
  if (hooks?.registry.hasHooks("after_tool_call")) {
    const finished = options.monotonic?.();
    const error = result.isError ? result.content.map((block) => block.text).join("\n") : undefined;
    await hooks.registry.runVoid("after_tool_call", {
      ...(hooks.signal === undefined ? {} : { signal: hooks.signal }),
      event: {
        toolName: call.name,
        params,
        runId: base.runId,
        toolCallId: call.id,
        result,
        ...(error === undefined ? {} : { error }),
        ...(started === undefined || finished === undefined ? {} : { durationMs: finished - started }),
      },
      context: { ...hooks.context, toolName: call.name, runId: base.runId, toolCallId: call.id },
      report: hooks.report,
    });
  }
  return {
    role: "tool_result",
    toolCallId: call.id,
    toolName: call.name,
    content: result.content,
    isError: result.isError,
    // Kept in the transcript and results; the context step strips them from every model request.
    ...(result.details === undefined ? {} : { details: result.details }),
  };
}
