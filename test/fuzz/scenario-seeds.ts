import { readdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import YAML from "yaml";
import { PROJECT_ROOT } from "../support/run-cli.js";

/** A scenario file as a plain object (what YAML parsing gives). */
export type ScenarioDocument = Record<string, unknown>;

/** A shipped scenario, ready to be mutated and written anywhere. */
export interface ScenarioSeed {
  /** Path under `scenarios/`, e.g. `tools/read-todo.yaml`. */
  source: string;
  document: ScenarioDocument;
}

/** Path fields at the top of a scenario file: folders and files relative to the scenario. */
export const TOP_PATH_FIELDS = ["workspace", "home", "cases", "session"] as const;

function absolute(folder: string, value: unknown): unknown {
  return typeof value === "string" && value !== "" && !isAbsolute(value) ? resolve(folder, value) : value;
}

/**
 * Rewrites every path of a shipped scenario (workspace, home, hooks, a cases file, session,
 * golden files, custom check modules) as an absolute path into the checkout, so the document
 * means the same wherever the fuzzer writes it. The checkout is only ever read.
 */
export function absolutiseScenarioPaths(document: ScenarioDocument, folder: string): ScenarioDocument {
  const copy = structuredClone(document);
  for (const key of TOP_PATH_FIELDS) if (typeof copy[key] === "string") copy[key] = absolute(folder, copy[key]);
  if (Array.isArray(copy.hooks)) copy.hooks = copy.hooks.map((hook) => absolute(folder, hook));
  const golden = copy.golden as Record<string, unknown> | undefined;
  if (golden !== null && typeof golden === "object") golden.systemPrompt = absolute(folder, golden.systemPrompt);
  for (const turn of Array.isArray(copy.turns) ? copy.turns : []) {
    const expectations = (turn as { expect?: unknown }).expect;
    for (const expectation of Array.isArray(expectations) ? expectations : []) {
      if (expectation === null || typeof expectation !== "object") continue;
      const record = expectation as Record<string, unknown>;
      if (typeof record["prompt-golden"] === "string")
        record["prompt-golden"] = absolute(folder, record["prompt-golden"]);
      const custom = record.custom;
      if (typeof custom === "string") record.custom = absolute(folder, custom);
      else if (custom !== null && typeof custom === "object") {
        const module = custom as Record<string, unknown>;
        module.module = absolute(folder, module.module);
      }
    }
  }
  return copy;
}

function listYaml(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return listYaml(path);
      return /\.ya?ml$/.test(entry.name) ? [path] : [];
    })
    .sort();
}

/** Every shipped scenario under `scenarios/`, sorted by path, with absolute paths. */
export function loadScenarioSeeds(root: string = PROJECT_ROOT): ScenarioSeed[] {
  const folder = join(root, "scenarios");
  return listYaml(folder).map((path) => ({
    source: path.slice(folder.length + 1),
    document: absolutiseScenarioPaths(YAML.parse(readFileSync(path, "utf8")) as ScenarioDocument, dirname(path)),
  }));
}
