import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  badDescription,
  fixturePath,
  invalidYaml,
  loaded,
  noFrontmatter,
  parseFixture,
  rejected,
  requires,
  warningAt,
} from "./parse-skill-fixtures.js";

const nameMismatch = (file: string, folder: string, name: string) =>
  warningAt(file, "name-mismatch", { line: 2, path: "name", expected: `the folder name "${folder}"`, found: name });
const nameFormat = (file: string, found: string, line = 2) =>
  warningAt(file, "name-format", {
    line,
    path: "name",
    expected: "lower-case a-z, 0-9 and single inner hyphens",
    found,
  });
const simple = (name: string, description: string) => ({ name, description, frontmatter: { name, description } });

describe("parseSkillFile on fixtures/skills", () => {
  it("invalid-yaml: strict YAML errors reject with line and column; the sibling loads", () => {
    const nested = "Nested mappings are not allowed in compact mappings";
    expect(parseFixture("invalid-yaml/unquoted-colon/SKILL.md")).toStrictEqual(
      rejected("invalid-yaml/unquoted-colon/SKILL.md", "invalid-frontmatter", invalidYaml(3, 14, nested)),
    );
    expect(parseFixture("invalid-yaml/bad-indentation/SKILL.md")).toStrictEqual(
      rejected("invalid-yaml/bad-indentation/SKILL.md", "invalid-frontmatter", invalidYaml(2, 7, nested)),
    );
    expect(parseFixture("invalid-yaml/duplicate-key/SKILL.md")).toStrictEqual(
      rejected(
        "invalid-yaml/duplicate-key/SKILL.md",
        "invalid-frontmatter",
        invalidYaml(4, 1, "Map keys must be unique"),
      ),
    );
    const unterminated = "Flow map in block collection must be sufficiently indented and end with a }";
    expect(parseFixture("invalid-yaml/unterminated-json/SKILL.md")).toStrictEqual(
      rejected("invalid-yaml/unterminated-json/SKILL.md", "invalid-frontmatter", invalidYaml(4, 54, unterminated)),
    );
    expect(parseFixture("invalid-yaml/valid-sibling/SKILL.md")).toStrictEqual(
      loaded("invalid-yaml/valid-sibling/SKILL.md", simple("valid-sibling", "Loads although its siblings do not.")),
    );
  });

  it("unterminated-frontmatter: no closing line means no frontmatter", () => {
    const file = "unterminated-frontmatter/open-only/SKILL.md";
    expect(parseFixture(file)).toStrictEqual(
      rejected(file, "missing-description", {
        expected: "frontmatter with a description",
        found: "no closing --- line",
      }),
    );
  });

  it("no-frontmatter: plain markdown and a leading blank line are rejected", () => {
    for (const file of ["no-frontmatter/plain-markdown/SKILL.md", "no-frontmatter/leading-blank-line/SKILL.md"]) {
      expect(parseFixture(file)).toStrictEqual(rejected(file, "missing-description", noFrontmatter));
    }
  });

  it("missing-description: absent, blank and null are missing; numbers and lists are invalid", () => {
    const file = (name: string) => `missing-description/${name}/SKILL.md`;
    expect(parseFixture(file("name-only"))).toStrictEqual(
      rejected(file("name-only"), "missing-description", badDescription(1, "no description")),
    );
    expect(parseFixture(file("blank"))).toStrictEqual(
      rejected(file("blank"), "missing-description", badDescription(3, '"  "')),
    );
    expect(parseFixture(file("null"))).toStrictEqual(
      rejected(file("null"), "missing-description", badDescription(3, "null")),
    );
    expect(parseFixture(file("number"))).toStrictEqual(
      rejected(file("number"), "invalid-description", badDescription(3, "a number (42)")),
    );
    expect(parseFixture(file("list"))).toStrictEqual(
      rejected(file("list"), "invalid-description", badDescription(3, "a list")),
    );
  });

  it("description-with-colons: quoted, folded and colon-without-space load; an unquoted ': ' does not", () => {
    const file = (name: string) => `description-with-colons/${name}/SKILL.md`;
    expect(parseFixture(file("quoted"))).toStrictEqual(
      loaded(file("quoted"), simple("quoted", "Use this: it works, even with: several colons")),
    );
    expect(parseFixture(file("single-quoted"))).toStrictEqual(
      loaded(file("single-quoted"), simple("single-quoted", "Note: it's quoted")),
    );
    expect(parseFixture(file("folded"))).toStrictEqual(
      loaded(file("folded"), simple("folded", "Folded text: colons are fine here.")),
    );
    expect(parseFixture(file("no-space"))).toStrictEqual(
      loaded(file("no-space"), simple("no-space", "See https://example.com/a:b for details")),
    );
    expect(parseFixture(file("unquoted"))).toStrictEqual(
      rejected(
        file("unquoted"),
        "invalid-frontmatter",
        invalidYaml(3, 14, "Nested mappings are not allowed in compact mappings"),
      ),
    );
  });

  it("bom: a byte-order mark defeats the frontmatter", () => {
    expect(readFileSync(fixturePath("bom/with-bom/SKILL.md")).subarray(0, 3)).toStrictEqual(
      Buffer.from([0xef, 0xbb, 0xbf]),
    );
    expect(parseFixture("bom/with-bom/SKILL.md")).toStrictEqual(
      rejected("bom/with-bom/SKILL.md", "missing-description", noFrontmatter),
    );
    expect(parseFixture("bom/without-bom/SKILL.md")).toStrictEqual(
      loaded("bom/without-bom/SKILL.md", simple("without-bom", "The same file without the mark.")),
    );
  });

  it("line-endings: CRLF and lone CR load", () => {
    expect(parseFixture("line-endings/crlf/SKILL.md")).toStrictEqual(
      loaded("line-endings/crlf/SKILL.md", simple("crlf", "Windows line endings.")),
    );
    expect(parseFixture("line-endings/lone-cr/SKILL.md")).toStrictEqual(
      loaded("line-endings/lone-cr/SKILL.md", simple("lone-cr", "Classic Mac line endings.")),
    );
  });

  it("oversize: parsing does not look at size (discovery does); both files are generated to the byte", () => {
    expect(statSync(fixturePath("oversize/big/SKILL.md")).size).toBe(256_001);
    expect(statSync(fixturePath("oversize/edge/SKILL.md")).size).toBe(256_000);
    const edge = simple("edge", "A generated file of exactly 256000 bytes.");
    expect(parseFixture("oversize/edge/SKILL.md")).toStrictEqual(loaded("oversize/edge/SKILL.md", edge));
    expect(parseFixture("oversize/big/SKILL.md").skill?.name).toBe("big");
  });

  it("xml-special-characters: kept verbatim", () => {
    const file = "xml-special-characters/xml-chars/SKILL.md";
    expect(parseFixture(file)).toStrictEqual(
      loaded(file, {
        ...simple("a&b<c>", `Use "q" & 'a' <fast>`),
        warnings: [
          nameMismatch(file, "xml-chars", '"a&b<c>"'),
          nameFormat(file, '"a&b<c>" (characters other than a-z, 0-9 and -)'),
        ],
      }),
    );
  });

  it("duplicate-names-across-sources: both copies parse to the same name", () => {
    expect(parseFixture("duplicate-names-across-sources/a/dup/SKILL.md")).toStrictEqual(
      loaded("duplicate-names-across-sources/a/dup/SKILL.md", simple("dup", "The copy in root a.")),
    );
    expect(parseFixture("duplicate-names-across-sources/b/dup/SKILL.md")).toStrictEqual(
      loaded("duplicate-names-across-sources/b/dup/SKILL.md", simple("dup", "The copy in root b.")),
    );
    expect(parseFixture("duplicate-names-across-sources/a/only-a/SKILL.md")).toStrictEqual(
      loaded("duplicate-names-across-sources/a/only-a/SKILL.md", simple("only-a", "Only in root a.")),
    );
  });

  it("always-os-mismatch: always and os are both kept; a string always is dropped", () => {
    const mac = "always-os-mismatch/mac-always/SKILL.md";
    expect(parseFixture(mac)).toStrictEqual(
      loaded(mac, {
        name: "mac-always",
        description: "Always, but only on macOS.",
        frontmatter: {
          name: "mac-always",
          description: "Always, but only on macOS.",
          metadata: '{"openclaw": {"always": true, "os": ["darwin"]}}',
        },
        metadata: { always: true, os: ["darwin"] },
      }),
    );
    const stringAlways = "always-os-mismatch/always-string/SKILL.md";
    expect(parseFixture(stringAlways)).toStrictEqual(
      loaded(stringAlways, {
        name: "always-string",
        description: 'The string "true" is not always.',
        frontmatter: {
          name: "always-string",
          description: 'The string "true" is not always.',
          metadata: '{"openclaw": {"always": "true", "requires": {"bins": ["nope"]}}}',
        },
        metadata: { requires: requires({ bins: ["nope"] }) },
      }),
    );
  });

  it("legacy-metadata-key: clawdbot, clawdis and moltbot manifests are not read", () => {
    const cases = [
      ["clawdbot-key", "Legacy clawdbot manifest.", '{"clawdbot":{"emoji":"🦀","requires":{"bins":["nope"]}}}'],
      ["clawdis-key", "Legacy clawdis manifest.", '{"clawdis":{"requires":{"env":["NOPE_KEY"]}}}'],
      ["moltbot-key", "Legacy moltbot manifest in a YAML block.", '{"moltbot":{"requires":{"bins":["nope"]}}}'],
    ] as const;
    for (const [name, description, metadata] of cases) {
      const file = `legacy-metadata-key/${name}/SKILL.md`;
      expect(parseFixture(file)).toStrictEqual(
        loaded(file, { name, description, frontmatter: { name, description, metadata } }),
      );
    }
    const current = "legacy-metadata-key/openclaw-key/SKILL.md";
    const metadata = '{"openclaw":{"emoji":"🦞","requires":{"bins":["nope"]}}}';
    expect(parseFixture(current)).toStrictEqual(
      loaded(current, {
        name: "openclaw-key",
        description: "Current manifest key.",
        frontmatter: { name: "openclaw-key", description: "Current manifest key.", metadata },
        metadata: { emoji: "🦞", requires: requires({ bins: ["nope"] }) },
      }),
    );
  });

  it("empty-directory: the present skill loads", () => {
    expect(parseFixture("empty-directory/present/SKILL.md")).toStrictEqual(
      loaded("empty-directory/present/SKILL.md", simple("present", "Loads next to the empty folder.")),
    );
    expect(statSync(fixturePath("empty-directory/no-skill-md/keep/.gitkeep")).isFile()).toBe(true);
  });

  it("name-mismatch-with-dir: the frontmatter name wins, with warnings", () => {
    const file = "name-mismatch-with-dir/folder-name/SKILL.md";
    expect(parseFixture(file)).toStrictEqual(
      loaded(file, {
        ...simple("Other Name", "Named differently from its folder."),
        warnings: [
          nameMismatch(file, "folder-name", '"Other Name"'),
          nameFormat(file, '"Other Name" (characters other than a-z, 0-9 and -)'),
        ],
      }),
    );
  });
});
