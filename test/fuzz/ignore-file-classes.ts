import fc from "fast-check";
import type { FuzzCase, FuzzClass } from "./fuzz-types.js";
import { anyText, hugeText } from "./fuzz-values.js";
import { SKILL_DIR, SKILL_FILE, skillsCase } from "./skills-case.js";

const GLOB_PARTS = [
  "*",
  "**",
  "?",
  "/",
  "a",
  "b.md",
  "SKILL.md",
  "dir/",
  "!",
  "#",
  "\\#",
  "\\!",
  "\\ ",
  "\\*",
  "[abc]",
  "[a-z]",
  "[!a]",
  "[^a]",
  "é",
  "😀",
  " ",
  "  ",
  "\r",
  ".",
  "..",
  "\\",
];

/** Lines of a `.gitignore`, `.ignore` or `.fdignore` from glob pieces, with valid bracket expressions only. */
const ignoreLine = fc.oneof(
  fc.array(fc.constantFrom(...GLOB_PARTS), { minLength: 1, maxLength: 6 }).map((parts) => parts.join("")),
  anyText,
  hugeText.map((text) => text.slice(0, 20_000)),
);

function ignoreCase(name: string, lines: fc.Arbitrary<string[]>): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(lines, fc.constantFrom(".gitignore", ".ignore", ".fdignore"), fc.boolean(), fc.boolean())
    .map(([content, file, nested, json]) => {
      const folder = nested ? `${SKILL_DIR}/sub` : SKILL_DIR;
      return skillsCase({
        label: `${name}: ${file} ${JSON.stringify(content.join("\n").slice(0, 100))}`,
        files: [
          { path: SKILL_FILE, content: "---\nname: fuzzed\ndescription: Has ignore files.\n---\n" },
          { path: `${SKILL_DIR}/sub/nested/SKILL.md`, content: "---\nname: nested\ndescription: Nested.\n---\n" },
          { path: `${SKILL_DIR}/a/b.md`, content: "b\n" },
          { path: `${folder}/${file}`, content: content.join("\n") },
        ],
        json,
      });
    });
}

/** Ignore files of arbitrary glob lines in skill folders: the funnel report, never a crash. */
export function gitignoreRandomClass(): FuzzClass {
  return {
    name: "gitignore/random-lines",
    category: "gitignore",
    arbitrary: ignoreCase("random", fc.array(ignoreLine, { minLength: 1, maxLength: 8 })),
  };
}

const BAD_CLASSES = ["[z-a]", "[b-a]*.md", "x[9-0]", "[abc", "[]", "[!]", "[\\]", "[[:alpha:]", "a[--z-a]", "[é-a]"];

/** Bracket expressions no regex engine accepts (reversed ranges, unclosed): the line is ignored or reported, never a crash. */
export function gitignoreInvalidRangeClass(): FuzzClass {
  const lines = fc
    .tuple(fc.array(ignoreLine, { maxLength: 3 }), fc.constantFrom(...BAD_CLASSES))
    .map(([others, bad]) => [...others, bad]);
  return { name: "gitignore/invalid-range", category: "gitignore", arbitrary: ignoreCase("invalid range", lines) };
}
