import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { type Diagnostic, errorMessage } from "../domain/index.js";
import type { LocateField } from "./locate-yaml-node.js";

export interface LoadFolderDiagnosticsOptions {
  /** `workspace:` and `home:` as written (relative to the scenario file), when given. */
  folders: { workspace?: string | undefined; home?: string | undefined };
  /** Absolute folder of the scenario file. */
  folder: string;
  displayPath: string;
  locate: LocateField;
}

const KEYS = ["workspace", "home"] as const;

/** What is at `path` when it is not a folder (symbolic links followed); `undefined` when it is one. */
async function problemAt(path: string): Promise<string | undefined> {
  try {
    return (await stat(path)).isDirectory() ? undefined : "a file";
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT") return "nothing";
    if (code === "ENOTDIR") return "a path through a file";
    return `an unreadable path (${code ?? errorMessage(error)})`;
  }
}

/**
 * Checks that `workspace` and `home` name existing folders, so a unit never starts from a
 * missing or wrong one. One error diagnostic per bad key, at its value.
 */
export async function loadFolderDiagnostics(options: LoadFolderDiagnosticsOptions): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const key of KEYS) {
    const written = options.folders[key];
    if (written === undefined) continue;
    const what = await problemAt(resolve(options.folder, written));
    if (what === undefined) continue;
    diagnostics.push({
      file: options.displayPath,
      ...options.locate([key]),
      path: key,
      expected: `an existing folder, relative to the scenario file`,
      found: `${what} at ${JSON.stringify(written)}`,
      severity: "error",
    });
  }
  return diagnostics;
}
