// Guards against the frontmatter fast path accepting YAML it then reads differently from the full parser, and against it declining everything (a vacuous pass).
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFrontmatterYaml } from "../../src/skills/read-frontmatter-yaml.js";
import { readSimpleFrontmatter } from "../../src/skills/read-simple-frontmatter.js";
import { assertProperty } from "../support/assert-property.js";
import { frontmatterArbitrary, lineSoup } from "./frontmatter-arbitraries.js";

/** Runs the property and returns how often the fast path accepted, so it is never vacuous. */
function checkAgreement(arbitrary: fc.Arbitrary<string>, numRuns: number): number {
  let accepted = 0;
  assertProperty(
    fc.property(arbitrary, (yaml) => {
      const fast = readSimpleFrontmatter(yaml);
      if (fast === undefined) return true;
      accepted += 1;
      return isDeepStrictEqual(fast, readFrontmatterYaml(yaml));
    }),
    { numRuns },
  );
  return accepted / numRuns;
}

describe("readSimpleFrontmatter (fast path) properties", () => {
  it("declines or agrees exactly with the full parser on clean frontmatter", () => {
    expect(checkAgreement(frontmatterArbitrary(false), 3000)).toBeGreaterThan(0);
  });

  it("declines or agrees exactly with the full parser on noisy frontmatter", () => {
    expect(checkAgreement(frontmatterArbitrary(true), 3000)).toBeGreaterThan(0);
  });

  it("declines or agrees exactly with the full parser on a soup of YAML-like lines", () => {
    expect(checkAgreement(lineSoup, 3000)).toBeGreaterThan(0);
  });

  it("accepts the common shapes", () => {
    const yaml = [
      "name: demo",
      "description: >-",
      "  Folded: text",
      "",
      "  second paragraph",
      "# comment",
      "version: 1.0",
      "tags: [a, b]",
      "metadata:",
      "  openclaw:",
      "    requires:",
      "      bins:",
      "      - curl",
      "    install:",
      "      - kind: brew",
      "        formula: jq",
      "homepage: 'https://x.y/z'",
    ].join("\n");
    const expected = {
      ok: true,
      values: {
        name: "demo",
        description: "Folded: text\nsecond paragraph",
        version: 1,
        tags: ["a", "b"],
        metadata: { openclaw: { requires: { bins: ["curl"] }, install: [{ kind: "brew", formula: "jq" }] } },
        homepage: "https://x.y/z",
      },
    };
    expect(readSimpleFrontmatter(yaml)).toStrictEqual(expected);
    expect(readFrontmatterYaml(yaml)).toStrictEqual(expected);
  });

  it("declines what it cannot vouch for", () => {
    for (const yaml of [
      "a: b: c",
      "a: &x 1",
      "a: !tag x",
      'a: "esc\\n"',
      "a: 0x1F",
      "a:\tb",
      "a: x # comment",
      "a: 1\na: 2",
      '{"a": 1}',
      "- a",
      "a: |+\n  keep\n",
      "a: >\n  more\n    indented\n",
      'a: {"k": 1, "k": 2}',
      "",
    ]) {
      expect(readSimpleFrontmatter(yaml), yaml).toBeUndefined();
    }
  });
});
