import { describe, expect, it } from "vitest";
import { loaded, parseFixture, rejected, requires, warningAt } from "./parse-skill-fixtures.js";

describe("parseSkillFile on fixtures/skills: invocation and manifests", () => {
  it("disable-model-invocation: only a YAML true sets the skill flag; yes/on/1 set the invocation policy", () => {
    const file = (name: string) => `disable-model-invocation/${name}/SKILL.md`;
    const hidden = (name: string, description: string, value: string, disableModelInvocation: boolean) =>
      loaded(file(name), {
        name,
        description,
        frontmatter: { name, description, "disable-model-invocation": value },
        invocation: { disableModelInvocation: true },
        disableModelInvocation,
      });
    expect(parseFixture(file("hidden-true"))).toStrictEqual(
      hidden("hidden-true", "Hidden by a YAML boolean.", "true", true),
    );
    expect(parseFixture(file("hidden-yes"))).toStrictEqual(
      hidden("hidden-yes", "Hidden by yes (a string in YAML 1.2).", "yes", false),
    );
    expect(parseFixture(file("hidden-quoted"))).toStrictEqual(
      hidden("hidden-quoted", 'Hidden by the string "true".', "true", false),
    );
    expect(parseFixture(file("visible-no"))).toStrictEqual(
      loaded(file("visible-no"), {
        name: "visible-no",
        description: "Explicitly visible.",
        frontmatter: { name: "visible-no", description: "Explicitly visible.", "disable-model-invocation": "no" },
      }),
    );
    expect(parseFixture(file("not-user-invocable"))).toStrictEqual(
      loaded(file("not-user-invocable"), {
        name: "not-user-invocable",
        description: "No slash command.",
        frontmatter: {
          name: "not-user-invocable",
          description: "No slash command.",
          "user-invocable": "false",
          "disable-model-invocation": "maybe",
        },
        invocation: { userInvocable: false },
      }),
    );
  });

  it("requires-bins-env-config: lists, CSV strings, keys and safe install specs", () => {
    const file = (name: string) => `requires-bins-env-config/${name}/SKILL.md`;
    const bins =
      '{"openclaw":{"requires":{"bins":["curl","jq"]},"install":[{"id":"brew","kind":"brew","formula":"jq","bins":["jq"]},' +
      '{"kind":"node","package":"https://evil.example/x.tgz"}]}}';
    expect(parseFixture(file("needs-bins"))).toStrictEqual(
      loaded(file("needs-bins"), {
        name: "needs-bins",
        description: "Needs curl and jq.",
        frontmatter: { name: "needs-bins", description: "Needs curl and jq.", metadata: bins },
        metadata: {
          requires: requires({ bins: ["curl", "jq"] }),
          install: [{ kind: "brew", id: "brew", bins: ["jq"], formula: "jq" }],
        },
      }),
    );
    const anyBins = '{"openclaw":{"requires":{"anyBins":"rg, ag ,"}}}';
    expect(parseFixture(file("needs-any-bins"))).toStrictEqual(
      loaded(file("needs-any-bins"), {
        name: "needs-any-bins",
        description: "Needs one of several tools.",
        frontmatter: { name: "needs-any-bins", description: "Needs one of several tools.", metadata: anyBins },
        metadata: { requires: requires({ anyBins: ["rg", "ag"] }) },
      }),
    );
    const env = '{"openclaw":{"primaryEnv":"GEM_KEY","skillKey":"gem","requires":{"env":["GEM_KEY"]}}}';
    expect(parseFixture(file("needs-env"))).toStrictEqual(
      loaded(file("needs-env"), {
        name: "needs-env",
        description: "Needs an API key.",
        frontmatter: { name: "needs-env", description: "Needs an API key.", metadata: env },
        metadata: { primaryEnv: "GEM_KEY", skillKey: "gem", requires: requires({ env: ["GEM_KEY"] }) },
      }),
    );
    const config = '{"openclaw":{"os":"darwin, linux","requires":{"config":["browser.enabled","feature.x"]}}}';
    expect(parseFixture(file("needs-config"))).toStrictEqual(
      loaded(file("needs-config"), {
        name: "needs-config",
        description: "Needs browser support enabled.",
        frontmatter: { name: "needs-config", description: "Needs browser support enabled.", metadata: config },
        metadata: { os: ["darwin", "linux"], requires: requires({ config: ["browser.enabled", "feature.x"] }) },
      }),
    );
  });

  it("json5-metadata: JSON5 spellings gate; YAML-only flow syntax and broken JSON5 give no manifest", () => {
    const file = (name: string) => `json5-metadata/${name}/SKILL.md`;
    const entry = (name: string, description: string, metadata: string) => ({
      name,
      description,
      frontmatter: { name, description, metadata },
    });
    expect(parseFixture(file("json5-unquoted"))).toStrictEqual(
      loaded(file("json5-unquoted"), {
        ...entry("json5-unquoted", "JSON5 with unquoted keys and single quotes.", "{openclaw:{requires:{bins:['x']}}}"),
        metadata: { requires: requires({ bins: ["x"] }) },
      }),
    );
    expect(parseFixture(file("yaml-flow"))).toStrictEqual(
      loaded(
        file("yaml-flow"),
        entry("yaml-flow", "Valid YAML flow mapping but not JSON5.", "{openclaw: {requires: {bins: [x]}}}"),
      ),
    );
    expect(parseFixture(file("quoted-string"))).toStrictEqual(
      loaded(file("quoted-string"), {
        ...entry("quoted-string", "JSON inside a quoted YAML string.", '{"openclaw":{"emoji":"📦"}}'),
        metadata: { emoji: "📦" },
      }),
    );
    const multiline = '{"openclaw":{"requires":{"env":["FAL_KEY"]},"primaryEnv":"FAL_KEY"}}';
    expect(parseFixture(file("multiline-flow"))).toStrictEqual(
      loaded(file("multiline-flow"), {
        ...entry("multiline-flow", "A flow mapping over several lines, with a trailing comma.", multiline),
        metadata: { primaryEnv: "FAL_KEY", requires: requires({ env: ["FAL_KEY"] }) },
      }),
    );
    expect(parseFixture(file("invalid-json5"))).toStrictEqual(
      loaded(
        file("invalid-json5"),
        entry("invalid-json5", "A quoted string that is not JSON5.", '{"openclaw":{"requires":'),
      ),
    );
    expect(parseFixture(file("not-an-object"))).toStrictEqual(
      loaded(
        file("not-an-object"),
        entry("not-an-object", "An openclaw member that is not an object.", '{"openclaw": "yes"}'),
      ),
    );
  });

  it("name-rules: fallback, verbatim spacing, invalid names and warnings", () => {
    const file = (name: string) => `name-rules/${name}/SKILL.md`;
    expect(parseFixture(file("noname"))).toStrictEqual(
      loaded(file("noname"), {
        name: "noname",
        description: "no name given",
        frontmatter: { description: "no name given" },
      }),
    );
    const falsy = "A falsy name falls back to the folder.";
    expect(parseFixture(file("falsy-name"))).toStrictEqual(
      loaded(file("falsy-name"), {
        name: "falsy-name",
        description: falsy,
        frontmatter: { name: "false", description: falsy },
      }),
    );
    expect(parseFixture(file("spaced"))).toStrictEqual(
      loaded(file("spaced"), {
        name: "  spaced  ",
        description: "  padded  ",
        frontmatter: { name: "spaced", description: "padded" },
        warnings: [
          warningAt(file("spaced"), "name-mismatch", {
            line: 2,
            path: "name",
            expected: 'the folder name "spaced"',
            found: '"  spaced  "',
          }),
          warningAt(file("spaced"), "name-format", {
            line: 2,
            path: "name",
            expected: "lower-case a-z, 0-9 and single inner hyphens",
            found: '"  spaced  " (characters other than a-z, 0-9 and -)',
          }),
        ],
      }),
    );
    expect(parseFixture(file("numeric-name"))).toStrictEqual(
      rejected(file("numeric-name"), "invalid-name", {
        line: 2,
        path: "name",
        expected: "a string name",
        found: "a number (123)",
      }),
    );
    const long = Array.from({ length: 210 }, () => "word").join(" ");
    expect(parseFixture(file("long-description"))).toStrictEqual(
      loaded(file("long-description"), {
        name: "long-description",
        description: long,
        frontmatter: { name: "long-description", description: long },
        warnings: [
          warningAt(file("long-description"), "description-too-long", {
            line: 3,
            path: "description",
            expected: "at most 1024 characters",
            found: "1049 characters",
          }),
        ],
      }),
    );
    const hyphens = "Folder name with a double and a trailing hyphen.";
    expect(parseFixture(file("bad--format-"))).toStrictEqual(
      loaded(file("bad--format-"), {
        name: "bad--format-",
        description: hyphens,
        frontmatter: { description: hyphens },
        warnings: [
          warningAt(file("bad--format-"), "name-format", {
            path: "name",
            expected: "lower-case a-z, 0-9 and single inner hyphens",
            found: '"bad--format-" (a leading or trailing hyphen, consecutive hyphens)',
          }),
        ],
      }),
    );
  });
});
