import { checkOpenClawConfig } from "../config/check-openclaw-config.js";
import { formatFieldPath } from "../domain/format-field-path.js";
import { type Diagnostic, isRecord } from "../domain/index.js";
import { checkUnitWritePath, UNIT_WRITE_PATH_RULE } from "./check-unit-write-path.js";
import { describeValue } from "./describe-value.js";
import type { FieldPath, LocateField } from "./locate-yaml-node.js";

export interface CheckScenarioConfigOptions {
  /** The scenario's `config` as written; absent means nothing to check. */
  config: Record<string, unknown> | undefined;
  /** File name in diagnostics. */
  file: string;
  /** Position of a value (invalid values are reported there). */
  locate: LocateField;
  /** Position of a key (unknown and conflicting keys are reported there); default `locate`. */
  locateKey?: LocateField;
}

/**
 * The scenario `config` checked as openclaw.json (`checkOpenClawConfig`): unknown keys and
 * invalid values become warnings, configuration errors become errors, each at its YAML node
 * with a path like `config.agents.defaults.bootstrapMaxChars`; a memory index path that could
 * land outside the unit's temp folders is an error too. Pure.
 */
export function checkScenarioConfig(options: CheckScenarioConfigOptions): Diagnostic[] {
  if (options.config === undefined) return [];
  const locateKey = options.locateKey ?? options.locate;
  const issues = checkOpenClawConfig(options.config).issues.map((issue): Diagnostic => {
    const path: FieldPath = ["config", ...issue.segments];
    const position = issue.target === "key" ? locateKey(path) : options.locate(path);
    return {
      file: options.file,
      ...position,
      path: formatFieldPath(path),
      expected: issue.expected,
      found: issue.found,
      severity: issue.severity,
      ...(issue.suggestion === undefined ? {} : { suggestion: issue.suggestion }),
    };
  });
  return [...issues, ...checkStorePaths(options, options.config)];
}

/** Where a scenario config names the memory index file: the defaults and each `agents.list` entry. */
function storePathFields(config: Record<string, unknown>): { segments: (string | number)[]; value: unknown }[] {
  const storePath = (memorySearch: unknown): unknown =>
    isRecord(memorySearch) && isRecord(memorySearch.store) ? memorySearch.store.path : undefined;
  const agents = isRecord(config.agents) ? config.agents : {};
  const fields: { segments: (string | number)[]; value: unknown }[] = [
    {
      segments: ["agents", "defaults", "memorySearch", "store", "path"],
      value: storePath(isRecord(agents.defaults) ? agents.defaults.memorySearch : undefined),
    },
  ];
  const list = Array.isArray(agents.list) ? agents.list : [];
  list.forEach((agent, index) => {
    const value = storePath(isRecord(agent) ? agent.memorySearch : undefined);
    fields.push({ segments: ["agents", "list", index, "memorySearch", "store", "path"], value });
  });
  return fields.filter((field) => typeof field.value === "string");
}

/**
 * The memory index paths of a scenario config that could land outside the unit's temp folders
 * (absolute, or climbing out with `..`): errors, since a run writes the index there. Pure.
 */
function checkStorePaths(options: CheckScenarioConfigOptions, config: Record<string, unknown>): Diagnostic[] {
  return storePathFields(config).flatMap(({ segments, value }): Diagnostic[] => {
    const path = value as string;
    const problem = path === ":memory:" ? undefined : checkUnitWritePath(path);
    if (problem === undefined) return [];
    const at: FieldPath = ["config", ...segments];
    return [
      {
        file: options.file,
        ...options.locate(at),
        path: formatFieldPath(at),
        expected: `${UNIT_WRITE_PATH_RULE}, or :memory:`,
        found: `${describeValue(path)}, which ${problem}`,
        severity: "error",
      },
    ];
  });
}

/** Whether any diagnostic is an error (the file must not run). */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === "error");
}
