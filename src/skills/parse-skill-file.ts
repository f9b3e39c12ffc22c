import { dirname } from "node:path";
import { buildLenientFrontmatter } from "./build-lenient-frontmatter.js";
import { checkRequiredBins } from "./check-required-bins.js";
import { createSkillDiagnostic } from "./create-skill-diagnostic.js";
import type { FrontmatterReading } from "./frontmatter-reading.js";
import { parseOpenClawMetadata } from "./parse-openclaw-metadata.js";
import { readFrontmatterYaml } from "./read-frontmatter-yaml.js";
import { readSimpleFrontmatter } from "./read-simple-frontmatter.js";
import { readSkillIdentity } from "./read-skill-identity.js";
import { readSkillInvocation } from "./read-skill-invocation.js";
import { scanTopLevelKeys } from "./scan-top-level-keys.js";
import type { ParsedSkillFile, SkillEntry, SkillSource } from "./skill-types.js";
import { splitFrontmatter } from "./split-frontmatter.js";

export interface ParseSkillFileOptions {
  /** The source the caller found the file in; default `"openclaw-workspace"`. */
  source?: SkillSource;
  /** Try the flat `key: value` fast path before the full YAML parser; default `true`. */
  fastPath?: boolean;
}

/**
 * Parses one SKILL.md (or other candidate `.md`) per spec/skills.md §2. `fallbackName` is the
 * folder name used when the frontmatter has no name. A file that cannot be a skill yields no
 * `skill`/`entry`, a `reason` and an error diagnostic naming the file (YAML errors with line
 * and column); a loaded skill may carry warnings. Pure; must not throw.
 */
export function parseSkillFile(
  text: string,
  filePath: string,
  fallbackName: string,
  options: ParseSkillFileOptions = {},
): ParsedSkillFile {
  const split = splitFrontmatter(text);
  if (split.kind !== "block") {
    const found = split.kind === "none" ? "no frontmatter (the file does not start with ---)" : "no closing --- line";
    const expected = "frontmatter with a description";
    const diagnostic = createSkillDiagnostic({
      file: filePath,
      code: "missing-description",
      severity: "error",
      expected,
      found,
    });
    return { diagnostics: [diagnostic], reason: "missing-description" };
  }
  const { yaml, lineOffset } = split.block;
  const reading = readFrontmatter(yaml, options.fastPath ?? true);
  if (!reading.ok) {
    const diagnostic = createSkillDiagnostic({
      file: filePath,
      code: "invalid-frontmatter",
      severity: "error",
      expected: "valid YAML frontmatter",
      found: reading.message,
      line: reading.line + lineOffset,
      column: reading.column,
    });
    return { diagnostics: [diagnostic], reason: "invalid-frontmatter" };
  }
  let keyLines: ReturnType<typeof scanTopLevelKeys> | undefined;
  const lineOf = (key: string) => {
    keyLines ??= scanTopLevelKeys(yaml);
    const line = keyLines.get(key)?.line;
    return line === undefined ? 1 : line + lineOffset;
  };
  const identity = readSkillIdentity({ values: reading.values, filePath, fallbackName, lineOf });
  if (!identity.ok) return { diagnostics: [identity.diagnostic], reason: identity.reason };
  const frontmatter = buildLenientFrontmatter(reading.values, yaml);
  const metadata = parseOpenClawMetadata(frontmatter.metadata);
  const entry: Omit<SkillEntry, "skill"> = { frontmatter, invocation: readSkillInvocation(frontmatter) };
  if (metadata !== undefined) entry.metadata = metadata;
  const skill = {
    name: identity.name,
    description: identity.description,
    filePath,
    baseDir: dirname(filePath),
    source: options.source ?? "openclaw-workspace",
    disableModelInvocation: reading.values["disable-model-invocation"] === true,
  };
  const binWarnings = checkRequiredBins({ requires: metadata?.requires, file: filePath, line: lineOf("metadata") });
  return { skill, entry, diagnostics: [...identity.warnings, ...binWarnings] };
}

/** The strict reading, through the fast path when it accepts the block. */
export function readFrontmatter(yaml: string, fastPath: boolean): FrontmatterReading {
  return (fastPath ? readSimpleFrontmatter(yaml) : undefined) ?? readFrontmatterYaml(yaml);
}
