import { dirname, join, relative } from "node:path";
import type { FileSystem } from "../domain/index.js";
import { UsageError } from "./command-context.js";

/** The names a config file may have, found from the working directory up. */
export const CONFIG_FILE_NAMES = ["claw-eval.config.json", "claw-eval.config.yaml", "claw-eval.config.mjs"] as const;

/**
 * The absolute path of the nearest config file: `cwd`'s, else its parent's, and so on up to the
 * file system root; `undefined` when there is none. Two config files in one folder is a usage
 * error naming both, since neither can be said to win.
 */
export async function discoverConfigFile(options: { fs: FileSystem; cwd: string }): Promise<string | undefined> {
  for (let folder = options.cwd; ; folder = dirname(folder)) {
    const found: string[] = [];
    for (const name of CONFIG_FILE_NAMES) {
      const stat = await options.fs.stat(join(folder, name));
      if (stat?.kind === "file") found.push(join(folder, name));
    }
    if (found.length > 1) {
      const shown = found.map((path) => relative(options.cwd, path) || path);
      throw new UsageError(
        `found ${found.length} config files in one folder: ${shown.join(" and ")}; keep one of them, or choose one with --config-file`,
      );
    }
    if (found[0] !== undefined) return found[0];
    if (dirname(folder) === folder) return undefined;
  }
}
