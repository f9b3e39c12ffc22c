import { readdir, stat } from "node:fs/promises";
import { basename, extname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { glob, isDynamicPattern } from "tinyglobby";

/** A scenario file found for one input path, with its id (DESIGN.md "Ids and files"). */
export interface ScenarioFileEntry {
  /** Absolute path. */
  path: string;
  id: string;
}

/** What one input path (file, folder or glob) expands to. */
export interface ScenarioInput {
  kind: "file" | "folder" | "glob";
  /** The path as given. */
  given: string;
  /** Files sorted by path in code unit order; empty when nothing matched. */
  files: ScenarioFileEntry[];
}

const SCENARIO_EXTENSIONS = new Set([".yaml", ".yml"]);
const SKIPPED_FOLDERS = new Set(["node_modules", "cassettes"]);
const GLOB_IGNORE = ["**/node_modules/**", "**/cassettes/**"];

/** The id of a file relative to `base`: without extension, `/` separators. */
export function scenarioIdFor(base: string, file: string): string {
  const path = relative(base, file);
  return path
    .slice(0, path.length - extname(path).length)
    .split(sep)
    .join("/");
}

/**
 * Expands one input path: a file stands for itself (id = its name), a folder for its `*.yaml` /
 * `*.yml` files (recursively, skipping dot entries, `node_modules` and `cassettes`), anything else
 * with glob characters for its `*.yaml` / `*.yml` matches outside those folders. Files are sorted;
 * ids are relative to the folder (for a glob, its static prefix).
 */
export async function discoverScenarioFiles(options: { path: string; cwd: string }): Promise<ScenarioInput> {
  const given = options.path;
  const absolute = resolve(options.cwd, given);
  const found = await stat(absolute).catch((error: unknown) => missingAsUndefined(error));
  if (found?.isFile())
    return { kind: "file", given, files: [{ path: absolute, id: basename(absolute, extname(absolute)) }] };
  if (found?.isDirectory()) {
    const paths = sortPaths(await walkFolder(absolute));
    return { kind: "folder", given, files: paths.map((path) => ({ path, id: scenarioIdFor(absolute, path) })) };
  }
  if (!isDynamicPattern(given)) return { kind: "file", given, files: [] };
  const base = resolve(options.cwd, staticPrefix(given));
  const matches = await glob(given, {
    cwd: options.cwd,
    absolute: true,
    onlyFiles: true,
    dot: false,
    ignore: GLOB_IGNORE,
  });
  const paths = sortPaths(
    matches.map((match) => resolve(match)).filter((path) => SCENARIO_EXTENSIONS.has(extname(path))),
  );
  return { kind: "glob", given, files: paths.map((path) => ({ path, id: scenarioIdFor(base, path) })) };
}

function missingAsUndefined(error: unknown): undefined {
  const code = (error as { code?: string }).code;
  if (code === "ENOENT" || code === "ENOTDIR") return undefined;
  throw error;
}

function sortPaths(paths: string[]): string[] {
  return paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The leading path segments of a glob that hold no glob syntax. */
function staticPrefix(pattern: string): string {
  const segments = pattern.split("/");
  const fixed: string[] = [];
  for (const segment of segments) {
    if (isDynamicPattern(segment)) break;
    fixed.push(segment);
  }
  const prefix = fixed.join("/");
  return prefix === "" && isAbsolute(pattern) ? "/" : prefix;
}

async function walkFolder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry): Promise<string[]> => {
      if (entry.name.startsWith(".")) return [];
      const path = join(folder, entry.name);
      const kind = entry.isSymbolicLink()
        ? await stat(path).catch((error: unknown) => missingAsUndefined(error))
        : entry;
      if (kind?.isDirectory()) return entry.isSymbolicLink() || SKIPPED_FOLDERS.has(entry.name) ? [] : walkFolder(path);
      return kind?.isFile() && SCENARIO_EXTENSIONS.has(extname(entry.name)) ? [path] : [];
    }),
  );
  return nested.flat();
}
