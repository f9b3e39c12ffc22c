import { describe, expect, it } from "vitest";
import { readTool } from "../../src/tools/read-tool.js";
import { validateToolInput } from "../../src/tools/validate-tool-input.js";

const message = {
  name: "message",
  inputSchema: {
    type: "object",
    properties: {
      action: { enum: ["send"] },
      ratio: { type: "number" },
      urgent: { type: "boolean" },
      targets: { type: "array", items: { type: "string" } },
      meta: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
    },
    required: ["action"],
  },
};

describe("validateToolInput", () => {
  it("accepts valid arguments", () => {
    expect(validateToolInput(readTool, { path: "a.md" })).toBeUndefined();
    expect(validateToolInput(readTool, { path: "a.md", offset: 3, limit: 1 })).toBeUndefined();
    expect(
      validateToolInput(message, { action: "send", ratio: 0.5, urgent: true, targets: ["a"], meta: { id: 1 } }),
    ).toBeUndefined();
  });

  it("lists every problem in one readable message", () => {
    expect(validateToolInput(readTool, { path: 3, limit: 0 })).toBe(
      'Invalid arguments for read: "path" must be a string; "limit" must be an integer ≥ 1',
    );
    expect(validateToolInput(readTool, { limit: 1.5, offset: "2" })).toBe(
      'Invalid arguments for read: "path" is required; "offset" must be an integer ≥ 1; "limit" must be an integer ≥ 1',
    );
  });

  it("refuses unknown arguments when additionalProperties is false", () => {
    expect(validateToolInput(readTool, { path: "a", file: "b" })).toBe(
      'Invalid arguments for read: "file" is not a known argument',
    );
    expect(validateToolInput(message, { action: "send", extra: 1 })).toBeUndefined();
  });

  it("checks enums, numbers, booleans, array items and nested objects", () => {
    expect(
      validateToolInput(message, { action: "post", ratio: Number.NaN, urgent: "yes", targets: ["a", 2], meta: {} }),
    ).toBe(
      'Invalid arguments for message: "action" must be one of "send"; "ratio" must be a number; ' +
        '"urgent" must be a boolean; "targets[1]" must be a string; "meta.id" is required',
    );
    expect(validateToolInput(message, { action: "send", targets: "a" })).toBe(
      'Invalid arguments for message: "targets" must be an array',
    );
  });

  it("refuses arguments that are not an object", () => {
    for (const input of [null, [], "path", 3]) {
      expect(validateToolInput(readTool, input)).toBe("Invalid arguments for read: arguments must be a JSON object");
    }
  });

  it("treats null as a wrong type, not as absent", () => {
    expect(validateToolInput(readTool, { path: "a", limit: null })).toBe(
      'Invalid arguments for read: "limit" must be an integer ≥ 1',
    );
  });
});
