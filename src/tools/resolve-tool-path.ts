import { relative, sep } from "node:path";
import type { ToolContext } from "../domain/index.js";
import { resolveWorkspacePath, type WorkspacePathResult } from "./resolve-workspace-path.js";

/** Resolves a tool's path argument through the jail of `context` (workspace root, HOME, fs). */
export function resolveToolPath(options: {
  context: ToolContext;
  input: string;
  allowRoot?: boolean;
}): Promise<WorkspacePathResult> {
  const { context, input } = options;
  return resolveWorkspacePath({
    input,
    workspaceDir: context.workspaceDir,
    homeDir: context.runtime.homeDir,
    fs: context.runtime.fs,
    allowRoot: options.allowRoot ?? false,
  });
}

/** `path` relative to the workspace with `/` separators, `.` for the root itself. */
export function displayPath(workspaceDir: string, path: string): string {
  const rel = relative(workspaceDir, path);
  if (rel === "") return ".";
  return sep === "/" ? rel : rel.split(sep).join("/");
}
