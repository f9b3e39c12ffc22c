import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileCaseTemplate, formatCaseValue } from "../../src/scenarios/compile-case-template.js";
import { findCaseUnits } from "../../src/scenarios/find-case-units.js";
import { assertProperty } from "../support/assert-property.js";

const written = {
  name: "n",
  turns: [
    {
      user: "say {{value}} now",
      script: [{ tool: "t", input: { exact: "{{value}}", nested: ["{{ value }}", "fixed"], fixed: 1 } }],
    },
    { user: "untouched" },
  ],
};

describe("case templates", () => {
  it("an exact placeholder gives the case value itself; one among text gives its text; untouched parts are shared", () => {
    const units = findCaseUnits(written);
    const template = compileCaseTemplate(units);
    assertProperty(
      fc.property(fc.jsonValue(), (value) => {
        const filled = template.fill({ value });
        const byPlace = Object.fromEntries(filled.map((entry) => [entry.unit.place, entry.value]));
        expect(byPlace["turns[].user"]).toBe(`say ${formatCaseValue(value)} now`);
        const step = byPlace["turns[].script[]"] as { input: { exact: unknown; nested: unknown[]; fixed: number } };
        expect(step.input.exact).toBe(value);
        expect(step.input.nested).toEqual([value, "fixed"]);
        expect(step.input.nested[0]).toBe(value);
        expect(filled.map((entry) => entry.unit.path)).toEqual([
          ["turns", 0, "user"],
          ["turns", 0, "script", 0],
        ]);
        const asText = filled[1]?.valueWithScalarsAsText() as { input: { exact: unknown } };
        const scalar = value === null || typeof value !== "object";
        expect(asText.input.exact).toBe(scalar ? formatCaseValue(value) : value);
      }),
    );
  });

  it("filled text is never scanned again", () => {
    const [unit] = findCaseUnits({ name: "{{a}} and {{b}}" });
    const filled = compileCaseTemplate(unit === undefined ? [] : [unit]).fill({ a: "{{b}}", b: "x" });
    expect(filled.map((entry) => entry.value)).toEqual(["{{b}} and x"]);
  });
});
