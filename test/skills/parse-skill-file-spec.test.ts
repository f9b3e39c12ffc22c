import { describe, expect, it } from "vitest";
import { parseSkillFile } from "../../src/skills/parse-skill-file.js";
import type { ParsedSkillFile } from "../../src/skills/skill-types.js";

const parse = (text: string, folder = "x") => parseSkillFile(text, `/w/skills/${folder}/SKILL.md`, folder);
const outcome = (result: ParsedSkillFile) =>
  result.skill === undefined
    ? { reason: result.reason, at: result.diagnostics.map((d) => `${d.line}:${d.column}`) }
    : { name: result.skill.name, description: result.skill.description };

describe("parseSkillFile: spec/skills.md §2 rules", () => {
  it("§2.2 table", () => {
    expect(outcome(parse("---\nname: git\ndescription: Core git operations.\n---\n", "git"))).toStrictEqual({
      name: "git",
      description: "Core git operations.",
    });
    expect(outcome(parse("---\ndescription: no name given\n---\n", "noname"))).toStrictEqual({
      name: "noname",
      description: "no name given",
    });
    expect(outcome(parse("---\nname: nodesc\n---\n"))).toStrictEqual({ reason: "missing-description", at: ["1:1"] });
    expect(outcome(parse('---\ndescription: "  "\n---\n'))).toStrictEqual({
      reason: "missing-description",
      at: ["2:1"],
    });
    expect(outcome(parse("---\nname: 123\ndescription: x\n---\n"))).toStrictEqual({
      reason: "invalid-name",
      at: ["2:1"],
    });
    expect(outcome(parse("---\ndescription: 42\n---\n"))).toStrictEqual({ reason: "invalid-description", at: ["2:1"] });
    expect(outcome(parse("---\r\nname: crlf\r\ndescription: d\r\n---\r\n", "crlf"))).toStrictEqual({
      name: "crlf",
      description: "d",
    });
  });

  it("§2.2: falsy names fall back; truthy non-strings are rejected", () => {
    for (const name of ["null", '""', "0", "false", "~", ""]) {
      expect(outcome(parse(`---\nname: ${name}\ndescription: d\n---\n`))).toStrictEqual({
        name: "x",
        description: "d",
      });
    }
    for (const name of ["true", "[a]", "{a: 1}", "1.5"]) {
      expect(parse(`---\nname: ${name}\ndescription: d\n---\n`).reason).toBe("invalid-name");
    }
  });

  it("§2.1: delimiters — `----` and `---x` close the block; a leading space or BOM defeats it", () => {
    expect(outcome(parse("---\ndescription: d\n----\nbody"))).toStrictEqual({ name: "x", description: "d" });
    expect(outcome(parse("---\ndescription: d\n---x\n"))).toStrictEqual({ name: "x", description: "d" });
    expect(outcome(parse(" ---\ndescription: d\n---\n")).reason).toBe("missing-description");
    expect(outcome(parse("\uFEFF---\ndescription: d\n---\n")).reason).toBe("missing-description");
    expect(outcome(parse("---\n---\n"))).toStrictEqual({ reason: "missing-description", at: ["1:1"] });
    expect(outcome(parse("---"))).toStrictEqual({ reason: "missing-description", at: ["1:1"] });
    expect(outcome(parse("---\n- a list\n---\n"))).toStrictEqual({ reason: "missing-description", at: ["1:1"] });
  });

  it("§2.1: YAML error positions are file positions, also after `---x` and with CRLF", () => {
    expect(outcome(parse("---\nname: a\ndescription: Use this: it works\n---\n"))).toStrictEqual({
      reason: "invalid-frontmatter",
      at: ["3:14"],
    });
    expect(outcome(parse("---x\ndescription: Use this: it works\n---\n"))).toStrictEqual({
      reason: "invalid-frontmatter",
      at: ["2:14"],
    });
    expect(outcome(parse("---\r\nname: a\r\ndescription: a: b\r\n---\r\n"))).toStrictEqual({
      reason: "invalid-frontmatter",
      at: ["3:14"],
    });
  });

  it("§2.1: YAML 1.2 core schema (yes is a string, 0o/0x numbers, no timestamps)", () => {
    const result = parse("---\ndescription: d\nuser-invocable: no\nversion: 2001-12-14\nlevel: 0x1F\nhome: ~\n---\n");
    expect(result.entry?.frontmatter).toStrictEqual({
      description: "d",
      "user-invocable": "no",
      version: "2001-12-14",
      level: "31",
    });
    expect(result.entry?.invocation).toStrictEqual({ userInvocable: false, disableModelInvocation: false });
  });

  it("§2.3: a one-line map with ':' keeps its raw text; block maps and lists are re-serialised", () => {
    const text = [
      "---",
      "description: d",
      "metadata: { openclaw: { emoji: 'x' } }",
      "tags: [a, b]",
      "nested:",
      "  k: v",
      "count: 3",
      "empty:",
      "---",
    ].join("\n");
    expect(parse(text).entry).toStrictEqual({
      frontmatter: {
        description: "d",
        metadata: "{ openclaw: { emoji: 'x' } }",
        tags: '["a","b"]',
        nested: '{"k":"v"}',
        count: "3",
      },
      metadata: { emoji: "x" },
      invocation: { userInvocable: true, disableModelInvocation: false },
    });
  });

  it("§2.4: install specs keep only safe, complete entries", () => {
    const install = [
      { kind: "brew", formula: "jq" },
      { type: "BREW", cask: "firefox" },
      { kind: "brew", formula: "../evil" },
      { kind: "node", package: "@scope/pkg@1.2.3" },
      { kind: "node", package: "git+https://x/y.git" },
      { kind: "go", module: "golang.org/x/tools/cmd/goimports@latest" },
      { kind: "uv", package: "ruff==0.5.0" },
      { kind: "download", url: "https://example.com/a.tar.gz", archive: "tar.gz", extract: true, stripComponents: 1 },
      { kind: "download", url: "ftp://example.com/a" },
      { kind: "brew", formula: "-rf" },
      { kind: "apt", package: "jq" },
      { kind: "node" },
    ];
    const result = parse(`---\ndescription: d\nmetadata: '${JSON.stringify({ openclaw: { install } })}'\n---\n`);
    expect(result.entry?.metadata).toStrictEqual({
      install: [
        { kind: "brew", formula: "jq" },
        { kind: "brew", formula: "firefox" },
        { kind: "node", package: "@scope/pkg@1.2.3" },
        { kind: "go", module: "golang.org/x/tools/cmd/goimports@latest" },
        { kind: "uv", package: "ruff==0.5.0" },
        { kind: "download", url: "https://example.com/a.tar.gz", archive: "tar.gz", extract: true, stripComponents: 1 },
      ],
    });
  });

  it("never throws: self-referencing aliases and alias bombs", () => {
    expect(outcome(parse("---\ndescription: d\nloop: &a [*a]\n---\n"))).toStrictEqual({ name: "x", description: "d" });
    expect(parse("---\ndescription: d\nloop: &a [*a]\n---\n").entry?.frontmatter).toStrictEqual({ description: "d" });
    const bomb = ["---", "description: d", "a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let level = 1; level < 8; level += 1) {
      const previous = String.fromCharCode(96 + level);
      const next = String.fromCharCode(97 + level);
      bomb.push(`${next}: &${next} [${Array.from({ length: 9 }, () => `*${previous}`).join(", ")}]`);
    }
    expect(outcome(parse([...bomb, "---"].join("\n"))).reason).toBe("invalid-frontmatter");
  });

  it("options.source is copied to the skill; baseDir is the file's folder", () => {
    const result = parseSkillFile("---\ndescription: d\n---\n", "/h/.agents/skills/p/SKILL.md", "p", {
      source: "agents-skills-personal",
    });
    expect(result.skill).toStrictEqual({
      name: "p",
      description: "d",
      filePath: "/h/.agents/skills/p/SKILL.md",
      baseDir: "/h/.agents/skills/p",
      source: "agents-skills-personal",
      disableModelInvocation: false,
    });
  });
});
