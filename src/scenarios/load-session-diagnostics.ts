import { lstat, realpath, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { type Diagnostic, errorMessage } from "../domain/index.js";
import type { LocateField } from "./locate-yaml-node.js";

/** Largest session transcript a scenario may start from, bytes (16 MiB). */
export const MAX_SESSION_BYTES = 16 * 1024 * 1024;

export interface LoadSessionDiagnosticsOptions {
  /** `session:` as written (relative to the scenario file), if any. */
  session: string | undefined;
  /** Absolute folder of the scenario file. */
  folder: string;
  displayPath: string;
  locate: LocateField;
}

const EXPECTED = "a JSONL session transcript file of at most 16 MiB, relative to the scenario file";

function codeOf(error: unknown): { code: string } {
  return { code: (error as { code?: string }).code ?? errorMessage(error) };
}

/** What is at `path` when it is not a usable transcript; `undefined` when it is. Follows symlinks. */
async function problemAt(path: string): Promise<string | undefined> {
  const link = await lstat(path).catch(codeOf);
  if ("code" in link) return link.code === "ENOENT" ? "no file" : `an unreadable path (${link.code})`;
  const target = await realpath(path).catch(codeOf);
  if (typeof target !== "string") {
    return target.code === "ENOENT" ? "a broken symbolic link" : `an unreadable path (${target.code})`;
  }
  const found = await stat(target).catch(codeOf);
  if ("code" in found) return `an unreadable path (${found.code})`;
  if (found.isDirectory()) return "a folder";
  if (!found.isFile()) return "not a regular file";
  if (found.size > MAX_SESSION_BYTES) return `a file of ${(found.size / (1024 * 1024)).toFixed(1)} MiB`;
  return undefined;
}

/**
 * Checks that `session:` names an existing regular file (symbolic links resolved) of at most
 * {@link MAX_SESSION_BYTES}. One error diagnostic at the value when it does not; none without
 * `session:`. The transcript's content is read and checked when a unit starts from it.
 */
export async function loadSessionDiagnostics(options: LoadSessionDiagnosticsOptions): Promise<Diagnostic[]> {
  if (options.session === undefined) return [];
  const what = await problemAt(resolve(options.folder, options.session));
  if (what === undefined) return [];
  return [
    {
      file: options.displayPath,
      ...options.locate(["session"]),
      path: "session",
      expected: EXPECTED,
      found: `${what} at ${JSON.stringify(options.session)}`,
      severity: "error",
    },
  ];
}
