import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ExpectationOf } from "../../src/domain/index.js";
import { buildToolEvents, located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const fixtures = fileURLToPath(new URL("../fixtures/expectations/", import.meta.url));
const scenario = { file: join(fixtures, "scenario.yaml"), name: "custom checks" };

function custom(file: string, exportName = "default", options?: unknown) {
  const expectation: Omit<ExpectationOf<"custom">, "location"> = {
    type: "custom",
    module: join(fixtures, file),
    exportName,
  };
  return located(options === undefined ? expectation : { ...expectation, options });
}

describe("custom", () => {
  it("passes when the default export returns true", async () => {
    const result = await checkOne(custom("passing.mjs"), { scenario, result: { reply: "We chose GraphQL." } });
    expect(result).toEqual({
      type: "custom",
      pass: true,
      message: "custom passing.mjs",
      expected: "true",
      actual: "true",
      location: TEST_LOCATION,
    });
  });

  it("fails when the default export returns false", async () => {
    const result = await checkOne(custom("passing.mjs"), { scenario, result: { reply: "We chose REST." } });
    expect(result).toEqual({
      type: "custom",
      pass: false,
      message: "custom passing.mjs failed",
      expected: "true",
      actual: "false",
      location: TEST_LOCATION,
    });
  });

  it("fails with the message, expected and actual the check returns", async () => {
    const result = await checkOne(custom("failing.mjs"), { scenario, result: { reply: "Do it now." } });
    expect(result).toEqual({
      type: "custom",
      pass: false,
      message: "reply is not polite",
      expected: "a reply containing please",
      actual: "Do it now.",
      location: TEST_LOCATION,
    });
  });

  it("awaits a named async export that reads tool calls, turn, scenario and options", async () => {
    const events = buildToolEvents([{ name: "memory_search", output: "hit" }]);
    const result = await checkOne(custom("async.mjs", "usedTool", { tool: "memory_search" }), {
      scenario,
      result: { events, delivered: "sent text" },
    });
    expect(result).toEqual({
      type: "custom",
      pass: true,
      message: "custom checks turn 0: used memory_search",
      expected: "true",
      actual: "memory_search delivered=sent text",
      location: TEST_LOCATION,
    });
  });

  it("turns a throw into a failed expectation naming the error", async () => {
    const result = await checkOne(custom("throwing.mjs"), { scenario });
    expect(result).toEqual({
      type: "custom",
      pass: false,
      message: "custom throwing.mjs threw: TypeError: cannot read the reply",
      expected: "true",
      actual: "threw TypeError: cannot read the reply",
      location: TEST_LOCATION,
    });
  });

  it("turns a rejected promise into a failed expectation", async () => {
    const result = await checkOne(custom("throwing.mjs", "rejects"), { scenario });
    expect(result.pass).toBe(false);
    expect(result.message).toBe("custom throwing.mjs#rejects threw: Error: async failure");
  });

  it("fails naming module and export when the export is not a function", async () => {
    const result = await checkOne(custom("not-a-function.mjs"), { scenario });
    expect(result).toEqual({
      type: "custom",
      pass: false,
      message: 'custom module not-a-function.mjs export "default" is not a function (found object {"pass":true})',
      expected: 'function export "default"',
      actual: 'object {"pass":true}',
      location: TEST_LOCATION,
    });
    const missing = await checkOne(custom("not-a-function.mjs", "check"), { scenario });
    expect(missing.message).toBe('custom module not-a-function.mjs export "check" is not a function (found undefined)');
  });

  it("fails on a wrong return shape", async () => {
    const result = await checkOne(custom("not-a-function.mjs", "wrongShape"), { scenario });
    const shape = "boolean or { pass: boolean, message?: string, expected?: string, actual?: string }";
    expect(result).toEqual({
      type: "custom",
      pass: false,
      message: `custom not-a-function.mjs#wrongShape returned {"pass":"yes"}, expected ${shape}`,
      expected: shape,
      actual: '{"pass":"yes"}',
      location: TEST_LOCATION,
    });
  });

  it("fails when the module cannot be loaded", async () => {
    const result = await checkOne(custom("missing.mjs"), {
      scenario,
      importModule: (path) => Promise.reject(new Error(`Cannot find module '${path}'`)),
    });
    expect(result).toEqual({
      type: "custom",
      pass: false,
      message: `custom module missing.mjs could not be loaded: Error: Cannot find module '${join(fixtures, "missing.mjs")}'`,
      expected: 'a module with function export "default"',
      actual: `Error: Cannot find module '${join(fixtures, "missing.mjs")}'`,
      location: TEST_LOCATION,
    });
  });

  it("fails when the real import cannot find the module", async () => {
    const result = await checkOne(custom("missing.mjs"), { scenario });
    expect(result.pass).toBe(false);
    expect(result.message).toMatch(/^custom module missing\.mjs could not be loaded: Error: Cannot find module /);
  });

  it("keeps the module path as given when the scenario file is not absolute", async () => {
    const result = await checkOne(custom("passing.mjs"), {
      scenario: { file: "scenario.yaml" },
      result: { reply: "GraphQL" },
    });
    expect(result.message).toBe(`custom ${join(fixtures, "passing.mjs")}`);
  });
});
