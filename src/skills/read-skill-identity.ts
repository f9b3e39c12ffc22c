import { createSkillDiagnostic, describeFrontmatterValue } from "./create-skill-diagnostic.js";
import type { ParseRejectReason, SkillDiagnostic } from "./skill-types.js";

export const MAX_NAME_LENGTH = 64;
export const MAX_DESCRIPTION_LENGTH = 1024;

export type SkillIdentity =
  | { ok: true; name: string; description: string; warnings: SkillDiagnostic[] }
  | { ok: false; reason: ParseRejectReason; diagnostic: SkillDiagnostic };

/**
 * The strict name and description of spec/skills.md §2.2 from the strict reading. The
 * description must be a non-blank string; a falsy name falls back to `fallbackName` (the
 * folder name); a truthy non-string name is rejected. Values are kept verbatim. `lineOf`
 * gives a key's file line for diagnostics. Pure.
 */
export function readSkillIdentity(options: {
  values: Record<string, unknown>;
  filePath: string;
  fallbackName: string;
  lineOf: (key: string) => number;
}): SkillIdentity {
  const { values, filePath: file, fallbackName, lineOf } = options;
  const description = values.description;
  if (typeof description !== "string" || description.trim() === "") {
    const missing = description === undefined || description === null || typeof description === "string";
    const reason = missing ? "missing-description" : "invalid-description";
    const found = description === undefined ? "no description" : describeFrontmatterValue(description);
    const line = description === undefined ? 1 : lineOf("description");
    const expected = "a non-blank string description";
    return { ok: false, reason, diagnostic: rejection({ file, reason, expected, found, line, path: "description" }) };
  }
  const rawName = values.name;
  if (rawName && typeof rawName !== "string") {
    const found = describeFrontmatterValue(rawName);
    const diagnostic = rejection({
      file,
      reason: "invalid-name",
      expected: "a string name",
      found,
      line: lineOf("name"),
    });
    return { ok: false, reason: "invalid-name", diagnostic: { ...diagnostic, path: "name" } };
  }
  const name = typeof rawName === "string" && rawName !== "" ? rawName : fallbackName;
  const warnings = checkNameAndDescription({ name, description, fallbackName, file, lineOf });
  return { ok: true, name, description, warnings };
}

function rejection(options: {
  file: string;
  reason: ParseRejectReason;
  expected: string;
  found: string;
  line: number;
  path?: string;
}): SkillDiagnostic {
  return createSkillDiagnostic({ ...options, code: options.reason, severity: "error" });
}

function checkNameAndDescription(options: {
  name: string;
  description: string;
  fallbackName: string;
  file: string;
  lineOf: (key: string) => number;
}): SkillDiagnostic[] {
  const { name, description, fallbackName, file, lineOf } = options;
  const warnings: SkillDiagnostic[] = [];
  const warn = (code: SkillDiagnostic["code"], path: string, expected: string, found: string) =>
    warnings.push(
      createSkillDiagnostic({ file, code, severity: "warning", path, expected, found, line: lineOf(path) }),
    );
  const quoted = JSON.stringify(name);
  if (name !== fallbackName) warn("name-mismatch", "name", `the folder name ${JSON.stringify(fallbackName)}`, quoted);
  if (name.length > MAX_NAME_LENGTH) {
    warn("name-too-long", "name", `at most ${MAX_NAME_LENGTH} characters`, `${name.length} characters`);
  }
  const problems = nameFormatProblems(name);
  if (problems.length > 0)
    warn("name-format", "name", "lower-case a-z, 0-9 and single inner hyphens", `${quoted} (${problems.join(", ")})`);
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    warn(
      "description-too-long",
      "description",
      `at most ${MAX_DESCRIPTION_LENGTH} characters`,
      `${description.length} characters`,
    );
  }
  return warnings;
}

function nameFormatProblems(name: string): string[] {
  const problems: string[] = [];
  if (!/^[a-z0-9-]+$/.test(name)) problems.push("characters other than a-z, 0-9 and -");
  if (name.startsWith("-") || name.endsWith("-")) problems.push("a leading or trailing hyphen");
  if (name.includes("--")) problems.push("consecutive hyphens");
  return problems;
}
