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
}

/** The parts of a {@link ToolContext} that come from the session rather than the call. */
export type ToolServices = Pick<ToolContext, "config" | "agentId" | "approver" | "subagents" | "messenger">;

function errorResult(text: string): ToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

async function runTool(options: ExecuteToolCallOptions): Promise<ToolResult> {
  const { call } = options;
  const tool = options.tools.find((candidate) => candidate.name === call.name);
  if (tool === undefined) return errorResult(`Tool ${call.name} not found`);
  if (call.invalidInput !== undefined) {
    return errorResult(`Invalid arguments for ${call.name}: not valid JSON (${call.invalidInput.slice(0, 200)})`);
  }
  const problem = validateToolInput(tool, call.input);
  if (problem !== undefined) return errorResult(problem);
  try {
    return await tool.execute(call.input, {
      ...options.services,
      runtime: options.runtime,
      workspaceDir: options.workspaceDir,
      toolCallId: call.id,
      runId: options.base.runId,
      sessionKey: options.base.sessionKey,
      emit: options.emit,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    return errorResult(errorMessage(error));
  }
}

/**
 * One tool call (spec/loop.md §2.3): find the tool by exact name among the offered tools,
 * validate its arguments, execute; every failure becomes an error result the model sees.
 */
export async function executeToolCall(options: ExecuteToolCallOptions): Promise<ToolResultMessage> {
  const { call, emit, base } = options;
  emit({ ...base, type: "tool_execution_start", toolCallId: call.id, toolName: call.name, args: call.input });
  const result = await runTool(options);
  emit({
    ...base,
    type: "tool_execution_end",
    toolCallId: call.id,
    toolName: call.name,
    result,
    isError: result.isError,
  });
  return {
    role: "tool_result",
    toolCallId: call.id,
    toolName: call.name,
    content: result.content,
    isError: result.isError,
  };
}
