import { describe, expect, it } from "vitest";
import { ClawEvalError } from "../../src/domain/index.js";
import { parseRunResult, renderJsonReport, renderJsonReportChunks } from "../../src/reporters/render-json-report.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";

describe("renderJsonReport / parseRunResult", () => {
  it("round-trips a run as 2-space JSON with a final newline", () => {
    const result = buildRunResult([buildUnitResult({ status: "failed" }), buildUnitResult({ repeat: 1 })]);
    const text = renderJsonReport(result);
    expect(text.startsWith('{\n  "schemaVersion": 1,\n  "tool": {\n    "name": "claw-eval",')).toBe(true);
    expect(text.endsWith("}\n")).toBe(true);
    expect(parseRunResult(text, "results.json")).toEqual(result);
  });

  it("names the file and the first bad field", () => {
    const result = buildRunResult([buildUnitResult()]);
    const broken = JSON.parse(renderJsonReport(result)) as { units: { status: string }[] };
    broken.units[0]!.status = "green";
    const parse = () => parseRunResult(JSON.stringify(broken), "shard-2/results.json");
    expect(parse).toThrow(ClawEvalError);
    expect(parse).toThrow(
      'shard-2/results.json: not a claw-eval results.json: units[0].status: expected "passed" or "failed" or "errored" or "interrupted" or "skipped", found string "green"',
    );
  });

  it("rejects invalid JSON and other documents", () => {
    expect(() => parseRunResult("{", "a.json")).toThrow(/^a\.json: not valid JSON: /);
    expect(() => parseRunResult("[]", "b.json")).toThrow(
      "b.json: not a claw-eval results.json: the document: expected an object, found an array",
    );
    expect(() => parseRunResult('{"schemaVersion": 2}', "c.json")).toThrow(
      "c.json: not a claw-eval results.json: schemaVersion: expected 1, found number 2",
    );
  });

  it("checks turns and expectations", () => {
    const result = buildRunResult([buildUnitResult()]);
    const broken = JSON.parse(renderJsonReport(result)) as { units: { turns: { expectations: unknown[] }[] }[] };
    broken.units[0]!.turns[0]!.expectations[0] = { type: "reply-contains", pass: "yes", message: "m" };
    expect(() => parseRunResult(JSON.stringify(broken), "d.json")).toThrow(
      'd.json: not a claw-eval results.json: units[0].turns[0].expectations[0].pass: expected true or false, found string "yes"',
    );
  });
});

describe("renderJsonReportChunks", () => {
  it("yields exactly the bytes of renderJsonReport, unit by unit", () => {
    const units = [
      buildUnitResult({ scenarioId: "a" }),
      buildUnitResult({ scenarioId: "b", status: "failed" }),
      buildUnitResult({ scenarioId: "c#2" }),
    ];
    const result = buildRunResult(units);
    expect([...renderJsonReportChunks(result)].join("")).toBe(renderJsonReport(result));
    const empty = buildRunResult([]);
    expect([...renderJsonReportChunks(empty)].join("")).toBe(renderJsonReport(empty));
  });
});
