import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/domain/index.js";
import { createSkillDiagnostic } from "../../src/skills/create-skill-diagnostic.js";
import { formatSkillDiagnostics, LISTED_WARNINGS_PER_KIND } from "../../src/skills/format-skill-diagnostics.js";

const mismatch = (folder: string) =>
  createSkillDiagnostic({
    file: `/w/skills/${folder}/SKILL.md`,
    code: "name-mismatch",
    severity: "warning",
    path: "name",
    line: 2,
    expected: `the folder name "${folder}"`,
    found: '"other"',
  });

const broken = createSkillDiagnostic({
  file: "/w/skills/bad/SKILL.md",
  code: "invalid-frontmatter",
  severity: "error",
  line: 3,
  column: 7,
  expected: "valid YAML frontmatter",
  found: "a bad indent",
});

const unreadable: Diagnostic = {
  file: "/w/skills/locked",
  line: 1,
  column: 1,
  path: "",
  expected: "a readable file or folder",
  found: "EACCES",
  severity: "warning",
};

describe("formatSkillDiagnostics", () => {
  it("lists a kind with few warnings as before, in discovery order", () => {
    const few = Array.from({ length: LISTED_WARNINGS_PER_KIND }, (_, index) => mismatch(`f${index}`));
    expect(formatSkillDiagnostics([few[0] as Diagnostic, broken, ...few.slice(1)])).toEqual([
      'warning: /w/skills/f0/SKILL.md:2:1: name: expected the folder name "f0", found "other"',
      "error: /w/skills/bad/SKILL.md:3:7: expected valid YAML frontmatter, found a bad indent",
      'warning: /w/skills/f1/SKILL.md:2:1: name: expected the folder name "f1", found "other"',
      'warning: /w/skills/f2/SKILL.md:2:1: name: expected the folder name "f2", found "other"',
    ]);
  });

  it("summarises a kind with many warnings in one line, keeps every error, and lists all with verbose", () => {
    const many = Array.from({ length: 812 }, (_, index) => mismatch(`f${index}`));
    const diagnostics = [...many.slice(0, 400), broken, unreadable, ...many.slice(400)];
    expect(formatSkillDiagnostics(diagnostics)).toEqual([
      "error: /w/skills/bad/SKILL.md:3:7: expected valid YAML frontmatter, found a bad indent",
      "warning: /w/skills/locked:1:1: expected a readable file or folder, found EACCES",
      "warning: 812 skills: name differs from its folder name (name-mismatch), e.g. /w/skills/f0/SKILL.md:2:1; --verbose lists them",
    ]);
    const verbose = formatSkillDiagnostics(diagnostics, { verbose: true });
    expect(verbose).toHaveLength(814);
    expect(verbose[400]).toMatch(/^error: /);
    expect(verbose.filter((line) => line.includes("name: expected the folder name"))).toHaveLength(812);
  });

  it("groups warnings without a code by what they expected, and never summarises errors", () => {
    const warnings = Array.from({ length: 5 }, (_, index) => ({ ...unreadable, file: `/w/skills/l${index}` }));
    const errors = Array.from({ length: 5 }, (_, index) => ({ ...broken, file: `/w/skills/b${index}/SKILL.md` }));
    expect(formatSkillDiagnostics([...warnings, ...errors])).toEqual([
      ...errors.map((error) => `error: ${error.file}:3:7: expected valid YAML frontmatter, found a bad indent`),
      "warning: 5 warnings: expected a readable file or folder, e.g. /w/skills/l0:1:1; --verbose lists them",
    ]);
  });

  it("escapes invisible characters in the summary's example", () => {
    const odd = Array.from({ length: 4 }, () => ({ ...mismatch("x"), file: "/w/skills/a\u202eb/SKILL.md" }));
    expect(formatSkillDiagnostics(odd)[0]).toContain("e.g. /w/skills/a\\u202eb/SKILL.md:2:1");
  });
});
