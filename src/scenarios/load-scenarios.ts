import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import pLimit from "p-limit";
import type { Diagnostic, Scenario } from "../domain/index.js";
import { discoverScenarioFiles, type ScenarioFileEntry } from "./discover-scenario-files.js";
import { loadFileScenarios, readScenarioFile } from "./load-scenario-file.js";
import type { ParseScenarioTextResult } from "./parse-scenario-text.js";

export interface LoadScenariosOptions {
  /** Scenario files, folders or globs, relative to `cwd` or absolute. */
  paths: string[];
  /** Absolute working directory; diagnostics name files relative to it. */
  cwd: string;
}

export interface LoadScenariosResult {
  /** Valid scenarios (one per case for data-driven files), in input order, files sorted within a folder. */
  scenarios: Scenario[];
  /** Every problem found; a file with an error contributes no scenarios. */
  diagnostics: Diagnostic[];
  /** Absolute paths of the scenario files read, in load order. */
  files: string[];
}

const FILE_CONCURRENCY = 32;

interface ParsedEntry extends ScenarioFileEntry {
  displayPath: string;
  parsed: ParseScenarioTextResult;
}

/** Loads, validates and normalises scenarios from files, folders and globs (DESIGN.md "Ids and files"). */
export async function loadScenarios(options: LoadScenariosOptions): Promise<LoadScenariosResult> {
  const displayPathOf = (path: string): string => displayPathFor(options.cwd, path);
  const limit = pLimit(FILE_CONCURRENCY);
  const inputs = await Promise.all(options.paths.map((path) => discoverScenarioFiles({ path, cwd: options.cwd })));
  const seen = new Set<string>();
  const perInput = await Promise.all(
    inputs.map(async (input) => {
      const parsed = await Promise.all(
        input.files.map((entry) =>
          limit(async (): Promise<ParsedEntry> => {
            const displayPath = displayPathOf(entry.path);
            return { ...entry, displayPath, parsed: await readScenarioFile({ path: entry.path, displayPath }) };
          }),
        ),
      );
      return { input, entries: input.kind === "file" ? parsed : withoutRunFolders(parsed) };
    }),
  );
  const diagnostics: Diagnostic[] = [];
  const kept: ParsedEntry[] = [];
  for (const { input, entries } of perInput) {
    if (input.files.length === 0) diagnostics.push(nothingAt(input.given));
    for (const entry of entries) {
      if (seen.has(entry.path)) continue;
      seen.add(entry.path);
      kept.push(entry);
    }
  }
  const loaded = await Promise.all(
    kept.map((entry) => {
      const { parsed } = entry;
      if (!parsed.ok) return { scenarios: [], diagnostics: parsed.diagnostics };
      return limit(() =>
        loadFileScenarios({
          path: entry.path,
          fileId: entry.id,
          displayPath: entry.displayPath,
          displayPathOf,
          parsed,
        }),
      );
    }),
  );
  const scenarios: Scenario[] = [];
  const owners = new Map<string, string>();
  kept.forEach((entry, index) => {
    const result = loaded[index] ?? { scenarios: [], diagnostics: [] };
    diagnostics.push(...result.diagnostics);
    const owner = owners.get(entry.id);
    if (owner !== undefined) {
      const found = `${JSON.stringify(entry.id)}, also the id of ${owner}`;
      const duplicate: Diagnostic = {
        file: entry.displayPath,
        line: 1,
        column: 1,
        path: "",
        expected: "a unique scenario id",
        found,
        severity: "error",
      };
      diagnostics.push(duplicate);
      return;
    }
    owners.set(entry.id, entry.displayPath);
    scenarios.push(...result.scenarios);
  });
  return { scenarios, diagnostics, files: kept.map((entry) => entry.path) };
}

/** `path` relative to `cwd` with `/` separators when inside it, else absolute. */
export function displayPathFor(cwd: string, path: string): string {
  const relativePath = relative(cwd, path);
  if (relativePath === "" || relativePath.startsWith("..") || isAbsolute(relativePath)) return path;
  return relativePath.split(sep).join("/");
}

function nothingAt(given: string): Diagnostic {
  const found = `nothing at ${given}`;
  return {
    file: given,
    line: 1,
    column: 1,
    path: "",
    expected: "a scenario file, folder or glob",
    found,
    severity: "error",
  };
}

/** Drops files inside a folder that a scenario of the same input uses as its `workspace` or `home`. */
function withoutRunFolders(entries: readonly ParsedEntry[]): ParsedEntry[] {
  const folders: string[] = [];
  for (const entry of entries) {
    const data = entry.parsed.ok ? entry.parsed.value : entry.parsed.data;
    if (typeof data !== "object" || data === null) continue;
    for (const key of ["workspace", "home"] as const) {
      const value = (data as Record<string, unknown>)[key];
      if (typeof value !== "string" || value === "") continue;
      const folder = resolve(dirname(entry.path), value);
      // A folder holding the scenario that names it is not a run folder to hide (e.g. `workspace: .`).
      if (!entry.path.startsWith(folder + sep)) folders.push(folder);
    }
  }
  if (folders.length === 0) return [...entries];
  return entries.filter((entry) => !folders.some((folder) => entry.path.startsWith(folder + sep)));
}
