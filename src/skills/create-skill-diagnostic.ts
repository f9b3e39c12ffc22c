import type { SkillDiagnostic } from "./skill-types.js";

/** A skill diagnostic; `line` and `column` default to 1, `path` to `""` (the whole file). */
export function createSkillDiagnostic(options: {
  file: string;
  code: SkillDiagnostic["code"];
  severity: SkillDiagnostic["severity"];
  expected: string;
  found: string;
  path?: string;
  line?: number;
  column?: number;
}): SkillDiagnostic {
  return {
    file: options.file,
    line: options.line ?? 1,
    column: options.column ?? 1,
    path: options.path ?? "",
    expected: options.expected,
    found: options.found,
    severity: options.severity,
    code: options.code,
  };
}

/** How a frontmatter value reads in a diagnostic: `a number (42)`, `a list`, `"text"`. */
export function describeFrontmatterValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a map";
  return `a ${typeof value} (${String(value)})`;
}
