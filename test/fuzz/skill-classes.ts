import fc from "fast-check";
import { frontmatterArbitrary } from "../skills/frontmatter-arbitraries.js";
import type { FuzzClass } from "./fuzz-types.js";
import { anyText, deepJson, hugeText, textWithNul } from "./fuzz-values.js";
import { SKILL_FILE, skillsCase, skillText } from "./skills-case.js";

/** Frontmatter as written by people: odd keys, scalars, nesting, unicode, sizes, line endings, BOMs. */
export function frontmatterOddClass(): FuzzClass {
  const extra = fc.oneof(
    frontmatterArbitrary(true),
    fc
      .tuple(fc.constantFrom("name", "description", "homepage", "user-invocable"), fc.oneof(anyText, hugeText))
      .map(([key, value]) => `${key}: ${JSON.stringify(value)}`),
    deepJson.map((deep) => `name: deep\ndescription: Deep metadata.\nmetadata: ${deep}`),
    fc.constantFrom(
      "name: [1, 2]\ndescription: {a: 1}",
      "name: ''\ndescription: ''",
      "description: only",
      "name: 5\ndescription: 5",
      'metadata: {"openclaw": []}',
      "",
    ),
  );
  const arbitrary = fc
    .tuple(extra, fc.constantFrom("\n", "\r\n", "\r"), fc.boolean(), fc.boolean())
    .map(([frontmatter, newline, bom, json]) =>
      skillsCase({
        label: `frontmatter ${JSON.stringify(frontmatter.slice(0, 80))}`,
        files: [{ path: SKILL_FILE, content: skillText(frontmatter, newline, bom) }],
        json,
      }),
    );
  return { name: "skills/frontmatter-odd", category: "skills", arbitrary };
}

const BROKEN_FRONTMATTER = [
  "description: [unterminated",
  'description: "unterminated',
  "description: a: b",
  "\tdescription: tab",
  "description: {a: 1}}",
  "name: x\nname: y",
];

/** Frontmatter that is not YAML: the skill is skipped with a diagnostic naming its SKILL.md. */
export function frontmatterInvalidClass(): FuzzClass {
  const arbitrary = fc.tuple(fc.constantFrom(...BROKEN_FRONTMATTER), fc.boolean()).map(([broken, json]) =>
    skillsCase({
      label: `frontmatter line ${JSON.stringify(broken)}`,
      files: [{ path: SKILL_FILE, content: skillText(`name: fuzzed\n${broken}`, "\n", false) }],
      json,
      blame: SKILL_FILE,
    }),
  );
  return { name: "skills/frontmatter-invalid", category: "skills", arbitrary };
}

/** NUL characters in `requires` entries, `os` and `primaryEnv`: an ineligible skill or a diagnostic, never a crash. */
export function requiresNulClass(): FuzzClass {
  const arbitrary = fc
    .tuple(fc.constantFrom("bins", "anyBins", "env", "config", "os", "primaryEnv"), textWithNul, fc.boolean())
    .map(([field, value, json]) => {
      const requires = field === "os" || field === "primaryEnv" ? {} : { [field]: [value] };
      const openclaw = {
        requires,
        ...(field === "os" ? { os: [value] } : {}),
        ...(field === "primaryEnv" ? { primaryEnv: value } : {}),
      };
      const frontmatter = `name: fuzzed\ndescription: Needs odd things.\nmetadata: ${JSON.stringify({ openclaw })}`;
      return skillsCase({
        label: `${field} ${JSON.stringify(value)}`,
        files: [{ path: SKILL_FILE, content: skillText(frontmatter, "\n", false) }],
        json,
      });
    });
  return { name: "skills/requires-nul", category: "skills", arbitrary };
}
