import { readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Tool, ToolContext, ToolResult } from "../../src/domain/index.js";
import { createTestRuntime, type TestRuntime } from "../../src/platform/create-test-runtime.js";
import { validateToolInput } from "../../src/tools/validate-tool-input.js";

const createdRoots: string[] = [];

/** A fresh temp workspace holding `files`; removed by {@link removeTestRoots}. */
export function createWorkspace(files: Record<string, string> = {}): TestRuntime {
  const runtime = createTestRuntime({ files });
  createdRoots.push(runtime.root);
  return runtime;
}

export function removeTestRoots(): void {
  for (const root of createdRoots.splice(0)) rmSync(root, { recursive: true, force: true });
}

export function toolContext(runtime: TestRuntime, overrides: { homeDir?: string } = {}): ToolContext {
  return { runtime: { ...runtime, ...overrides }, workspaceDir: runtime.root, toolCallId: "call-1" };
}

/** Validates like the agent loop, then executes. */
export async function callTool(tool: Tool, input: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
  const problem = validateToolInput(tool, input);
  if (problem !== undefined) return { content: [{ type: "text", text: problem }], isError: true };
  return tool.execute(input, context);
}

export function textOf(result: ToolResult): string {
  return result.content.map((block) => block.text).join("");
}

/** Every entry under `root` with its content (files) or target (symlinks), for before/after checks. */
export function snapshotTree(root: string): Record<string, string> {
  const snapshot: Record<string, string> = {};
  const visit = (relative: string): void => {
    for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
      const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isSymbolicLink()) snapshot[path] = `-> ${readlinkSync(join(root, path))}`;
      else if (entry.isDirectory()) {
        snapshot[path] = "<dir>";
        visit(path);
      } else snapshot[path] = readFileSync(join(root, path), "utf8");
    }
  };
  visit("");
  return snapshot;
}
