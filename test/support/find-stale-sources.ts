import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export interface StaleSourcesOptions {
  /** The checkout: `sourceDir` and `builtFile` are relative to it, and so are the paths returned. */
  root: string;
  /** Folder whose `.ts` files are compiled (default `src`). */
  sourceDir?: string;
  /** The compiled file every build rewrites (default `dist/src/cli/bin.js`). */
  builtFile?: string;
}

export type StaleSources =
  | { state: "fresh" }
  | { state: "missing"; builtFile: string }
  | { state: "stale"; builtFile: string; newer: string[] };

function listTypeScript(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return listTypeScript(path);
      return entry.name.endsWith(".ts") ? [path] : [];
    })
    .sort();
}

/**
 * Compares modification times: the `.ts` files under `sourceDir` changed after `builtFile`
 * was written, in path order. `tsc` rewrites every output on each build, so one compiled file
 * stands for all of them. Other files (READMEs) are not compiled and never count.
 */
export function findStaleSources(options: StaleSourcesOptions): StaleSources {
  const builtFile = options.builtFile ?? "dist/src/cli/bin.js";
  let builtMs: number;
  try {
    builtMs = statSync(join(options.root, builtFile)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { state: "missing", builtFile };
    throw error;
  }
  const newer = listTypeScript(join(options.root, options.sourceDir ?? "src"))
    .filter((path) => statSync(path).mtimeMs > builtMs)
    .map((path) => relative(options.root, path));
  return newer.length === 0 ? { state: "fresh" } : { state: "stale", builtFile, newer };
}

/** The message that stops an end-to-end run on a missing or stale build; undefined when fresh. */
export function formatStaleSources(stale: StaleSources): string | undefined {
  if (stale.state === "fresh") return undefined;
  if (stale.state === "missing") return `${stale.builtFile} is missing: run \`npm run build\` before the e2e tests`;
  const shown = stale.newer.slice(0, 5).join(", ");
  const more = stale.newer.length > 5 ? ` and ${stale.newer.length - 5} more` : "";
  return `dist/ is older than src/: run \`npm run build\` (changed since ${stale.builtFile} was built: ${shown}${more})`;
}
