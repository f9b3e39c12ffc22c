import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ParseSkillFileOptions, parseSkillFile } from "../../src/skills/parse-skill-file.js";
import type {
  ParsedSkillFile,
  ParseRejectReason,
  SkillDiagnostic,
  SkillInvocation,
  SkillMetadata,
} from "../../src/skills/skill-types.js";

export const skillFixtures = fileURLToPath(new URL("../../fixtures/skills/", import.meta.url));

export function fixturePath(relative: string): string {
  return join(skillFixtures, relative);
}

/** Parses a fixture file the way discovery does: fallback name = its folder. */
export function parseFixture(relative: string, options: ParseSkillFileOptions = {}): ParsedSkillFile {
  const filePath = fixturePath(relative);
  return parseSkillFile(readFileSync(filePath, "utf8"), filePath, basename(dirname(filePath)), options);
}

type DiagnosticFields = Partial<Omit<SkillDiagnostic, "file" | "code" | "severity">>;

export function warningAt(relative: string, code: SkillDiagnostic["code"], fields: DiagnosticFields): SkillDiagnostic {
  return {
    file: fixturePath(relative),
    line: 1,
    column: 1,
    path: "",
    expected: "",
    found: "",
    ...fields,
    code,
    severity: "warning",
  };
}

/** The whole result of a file that loads. */
export function loaded(
  relative: string,
  expected: {
    name: string;
    description: string;
    frontmatter: Record<string, string>;
    metadata?: SkillMetadata;
    invocation?: Partial<SkillInvocation>;
    disableModelInvocation?: boolean;
    warnings?: SkillDiagnostic[];
  },
): ParsedSkillFile {
  const filePath = fixturePath(relative);
  const entry: NonNullable<ParsedSkillFile["entry"]> = {
    frontmatter: expected.frontmatter,
    invocation: { userInvocable: true, disableModelInvocation: false, ...expected.invocation },
  };
  if (expected.metadata !== undefined) entry.metadata = expected.metadata;
  return {
    skill: {
      name: expected.name,
      description: expected.description,
      filePath,
      baseDir: dirname(filePath),
      source: "openclaw-workspace",
      disableModelInvocation: expected.disableModelInvocation ?? false,
    },
    entry,
    diagnostics: expected.warnings ?? [],
  };
}

/** The whole result of a rejected file. */
export function rejected(relative: string, reason: ParseRejectReason, fields: DiagnosticFields): ParsedSkillFile {
  const diagnostic: SkillDiagnostic = {
    file: fixturePath(relative),
    line: 1,
    column: 1,
    path: "",
    expected: "",
    found: "",
    ...fields,
    code: reason,
    severity: "error",
  };
  return { diagnostics: [diagnostic], reason };
}

export const noFrontmatter = {
  expected: "frontmatter with a description",
  found: "no frontmatter (the file does not start with ---)",
};
export const invalidYaml = (line: number, column: number, found: string) => ({
  line,
  column,
  expected: "valid YAML frontmatter",
  found,
});
export const badDescription = (line: number, found: string) => ({
  line,
  path: "description",
  expected: "a non-blank string description",
  found,
});
export const requires = (lists: Partial<Record<"bins" | "anyBins" | "env" | "config", string[]>>) => ({
  bins: [],
  anyBins: [],
  env: [],
  config: [],
  ...lists,
});
