import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ParseSkillFileOptions, parseSkillFile } from "../../src/skills/parse-skill-file.js";
import type { ParsedSkillFile } from "../../src/skills/skill-types.js";

const projectRoot = fileURLToPath(new URL("../../", import.meta.url));

/** The shared corpus beside the project (present in CI), or `undefined`. */
export const sharedCorpus: string | undefined = ((path) => (existsSync(path) ? path : undefined))(
  join(projectRoot, "../shared/corpora"),
);
export const corpusSample = join(projectRoot, "fixtures/skills/corpus");
export const skillFixtureRoot = join(projectRoot, "fixtures/skills");

/** Every file under `dir` whose name passes `accept`, sorted by path (code-unit order). */
export function listFiles(dir: string, accept: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && accept(entry.name)) found.push(path);
    }
  };
  walk(dir);
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export const isSkillFile = (name: string) => name === "SKILL.md";

/** Parses a file as discovery would: fallback name = its folder. */
export function parseFile(path: string, options: ParseSkillFileOptions = {}): ParsedSkillFile {
  return parseSkillFile(readFileSync(path, "utf8"), path, basename(dirname(path)), options);
}

export interface ParseOutcome {
  files: number;
  loaded: number;
  rejected: Record<string, number>;
  withManifest: number;
  hiddenFromModel: number;
  notUserInvocable: number;
  warnings: Record<string, number>;
  threw: string[];
}

/** The aggregate of parsing every file; a throw is recorded, never raised. */
export function summariseParse(paths: readonly string[]): ParseOutcome {
  const outcome: ParseOutcome = {
    files: paths.length,
    loaded: 0,
    rejected: {},
    withManifest: 0,
    hiddenFromModel: 0,
    notUserInvocable: 0,
    warnings: {},
    threw: [],
  };
  const count = (record: Record<string, number>, key: string) => {
    record[key] = (record[key] ?? 0) + 1;
  };
  for (const path of paths) {
    let result: ParsedSkillFile;
    try {
      result = parseFile(path);
    } catch (error) {
      outcome.threw.push(`${path}: ${String(error)}`);
      continue;
    }
    if (result.entry === undefined) count(outcome.rejected, result.reason ?? "no reason");
    else {
      outcome.loaded += 1;
      if (result.entry.metadata !== undefined) outcome.withManifest += 1;
      if (result.entry.invocation.disableModelInvocation) outcome.hiddenFromModel += 1;
      if (!result.entry.invocation.userInvocable) outcome.notUserInvocable += 1;
    }
    for (const diagnostic of result.diagnostics)
      if (diagnostic.severity === "warning") count(outcome.warnings, diagnostic.code);
  }
  outcome.rejected = sortKeys(outcome.rejected);
  outcome.warnings = sortKeys(outcome.warnings);
  return outcome;
}

function sortKeys(record: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}
