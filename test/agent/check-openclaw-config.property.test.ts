// Guards against the config checker throwing on arbitrary JSON-like input, and against its cleaned output still holding invalid values the first pass did not report.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOpenClawConfig } from "../../src/config/check-openclaw-config.js";
import { assertProperty } from "../support/assert-property.js";

const key = fc.constantFrom(
  "agents",
  "defaults",
  "list",
  "tools",
  "allow",
  "alsoAllow",
  "deny",
  "skills",
  "entries",
  "heartbeat",
  "every",
  "bootstrapMaxChars",
  "profile",
  "x",
);
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    fc.jsonValue({ maxDepth: 1 }),
    fc.array(tie("node"), { maxLength: 3 }),
    fc.dictionary(key, tie("node"), { maxKeys: 4 }),
  ),
})).node;

describe("checkOpenClawConfig properties", () => {
  it("never throws, and checking its own output again finds no new invalid values", () => {
    assertProperty(
      fc.property(fc.dictionary(key, value, { maxKeys: 4 }), (config) => {
        const first = checkOpenClawConfig(config);
        const second = checkOpenClawConfig(first.config);
        const kept = (issues: typeof first.issues) =>
          issues.filter((issue) => issue.target === "value").map((i) => i.path);
        expect(kept(second.issues).every((path) => kept(first.issues).includes(path))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
