import { checkOpenClawConfig } from "../config/check-openclaw-config.js";
import type { Diagnostic } from "../domain/index.js";
import { formatFieldPath } from "./format-field-path.js";
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
 * with a path like `config.agents.defaults.bootstrapMaxChars`. Pure.
 */
export function checkScenarioConfig(options: CheckScenarioConfigOptions): Diagnostic[] {
  if (options.config === undefined) return [];
  const locateKey = options.locateKey ?? options.locate;
  return checkOpenClawConfig(options.config).issues.map((issue) => {
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
}

/** Whether any diagnostic is an error (the file must not run). */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === "error");
}
