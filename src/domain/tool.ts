import type { TextBlock } from "./messages.js";
import type { Runtime } from "./runtime.js";

/** What a tool returns to the model. Tool failures are results with `isError: true`. */
export interface ToolResult {
  content: TextBlock[];
  isError: boolean;
  details?: Record<string, unknown>;
}

export interface ToolContext {
  runtime: Runtime;
  /** Absolute path of the workspace root the tool is jailed to. */
  workspaceDir: string;
  toolCallId: string;
  signal?: AbortSignal;
}

/** A tool the agent can call. `execute` may throw; the loop turns a throw into an error result. */
export interface Tool {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  inputSchema: Record<string, unknown>;
  execute(input: Record<string, unknown>, context: ToolContext): Promise<ToolResult>;
}

export function textResult(text: string, isError = false): ToolResult {
  return { content: [{ type: "text", text }], isError };
}
