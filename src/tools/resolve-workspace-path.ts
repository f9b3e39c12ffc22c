import { dirname, isAbsolute, relative, resolve } from "node:path";
import type { FileSystem } from "../domain/index.js";
import { ClawEvalError } from "../domain/index.js";
import { expandHome } from "../platform/expand-home.js";
import { isInsideRoot } from "../platform/is-inside-root.js";

/** Outcome of resolving a tool's path argument inside the workspace jail. */
export type WorkspacePathResult = { ok: true; path: string } | { ok: false; error: string };

export interface LexicalPathOptions {
  /** The path argument exactly as the model sent it. */
  input: string;
  /** Absolute path of the workspace root. */
  workspaceDir: string;
  /** Absolute path `~` expands to. */
  homeDir: string;
  /** Whether the root itself is an acceptable answer (tools that take a directory). Default false. */
  allowRoot?: boolean;
}

export interface WorkspacePathOptions extends LexicalPathOptions {
  fs: FileSystem;
}

const UNICODE_SPACES = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;

export function escapeError(input: string): WorkspacePathResult {
  return { ok: false, error: `Path escapes workspace root: ${input}` };
}

/**
 * The pure part of spec/loop.md §9: strip a leading `@`, map Unicode spaces to a space,
 * expand `~`, resolve against the root, normalise, then refuse anything lexically outside.
 * Never touches the disk.
 */
export function resolveWorkspacePathLexically(options: LexicalPathOptions): WorkspacePathResult {
  const { input, workspaceDir } = options;
  if (!isAbsolute(workspaceDir))
    throw new ClawEvalError("invariant", `Workspace root is not absolute: ${workspaceDir}`);
  if (input.includes("\0")) return { ok: false, error: `Invalid path (contains a NUL character): ${input}` };
  const withoutAt = input.startsWith("@") ? input.slice(1) : input;
  const expanded = expandHome(withoutAt.replace(UNICODE_SPACES, " "), options.homeDir);
  const root = resolve(workspaceDir);
  const path = resolve(root, expanded);
  const rel = relative(root, path);
  if (rel === "") {
    if (options.allowRoot === true) return { ok: true, path };
    return { ok: false, error: `Path is the workspace root, not a file: ${input}` };
  }
  if (!isInsideRoot({ root, path })) return escapeError(input);
  return { ok: true, path };
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/**
 * spec/loop.md §9 in full: the lexical check, then the alias check. The real path of the deepest
 * existing ancestor (the path itself when it exists) must lie inside the root's real path, so a
 * symlink out of the workspace is refused. A dangling or looping symlink is refused too: its
 * target cannot be verified, and writing through it could create a file outside.
 */
export async function resolveWorkspacePath(options: WorkspacePathOptions): Promise<WorkspacePathResult> {
  const lexical = resolveWorkspacePathLexically(options);
  if (!lexical.ok) return lexical;
  const rootReal = await options.fs.realPath(options.workspaceDir);
  let candidate = lexical.path;
  for (;;) {
    if ((await options.fs.lstat(candidate)) !== undefined) {
      let real: string;
      try {
        real = await options.fs.realPath(candidate);
      } catch (error) {
        const code = errorCode(error);
        if (code === "ENOENT" || code === "ELOOP" || code === "ENOTDIR") return escapeError(options.input);
        throw error;
      }
      return isInsideRoot({ root: rootReal, path: real }) ? lexical : escapeError(options.input);
    }
    const parent = dirname(candidate);
    if (parent === candidate) return escapeError(options.input);
    candidate = parent;
  }
}

/**
 * Refuses to write through an existing file with more than one hard link: another name for the
 * same bytes may live outside the workspace. A missing target is fine.
 */
export async function checkWritableTarget(options: {
  path: string;
  input: string;
  fs: FileSystem;
}): Promise<WorkspacePathResult> {
  const stat = await options.fs.lstat(options.path);
  if (stat !== undefined && stat.kind === "file" && stat.links > 1) return escapeError(options.input);
  return { ok: true, path: options.path };
}
