import { stat } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { type Diagnostic, errorMessage } from "../domain/index.js";
import type { LocateField } from "./locate-yaml-node.js";

export interface LoadHookDiagnosticsOptions {
  /** `hooks:` as written (paths relative to the scenario file). */
  hooks: readonly string[] | undefined;
  /** Absolute folder of the scenario file. */
  folder: string;
  displayPath: string;
  locate: LocateField;
}

const MODULE_EXTENSIONS = new Set([".js", ".mjs"]);

/**
 * Checks that every `hooks:` entry names an existing `.js` / `.mjs` file (Node 20 runs no
 * TypeScript without a loader). One error diagnostic per bad entry, at the entry.
 */
export async function loadHookDiagnostics(options: LoadHookDiagnosticsOptions): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const [index, hook] of (options.hooks ?? []).entries()) {
    const path = resolve(options.folder, hook);
    const at = { file: options.displayPath, ...options.locate(["hooks", index]), path: `hooks[${index}]` };
    const expected = "a JavaScript hook module (.js or .mjs) relative to the scenario file";
    if (!MODULE_EXTENSIONS.has(extname(path))) {
      diagnostics.push({ ...at, expected, found: `${JSON.stringify(hook)}`, severity: "error" });
      continue;
    }
    const found = await stat(path).catch((error: unknown) => (error as { code?: string }).code ?? errorMessage(error));
    if (typeof found === "string" || !found.isFile()) {
      const what =
        found === "ENOENT" ? "no file" : typeof found === "string" ? `an unreadable path (${found})` : "a folder";
      diagnostics.push({ ...at, expected, found: `${what} at ${JSON.stringify(hook)}`, severity: "error" });
    }
  }
  return diagnostics;
}
