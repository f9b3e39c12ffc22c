import { describe, expect, it } from "vitest";
import { copyWithSharedShape } from "../../src/domain/index.js";

describe("copyWithSharedShape", () => {
  it("copies every own key in order, into a new object holding the same values", () => {
    const base = { runId: "run-1", sessionKey: "agent:main:main" };
    const input = { list: [1] };
    const event = { ...base, type: "agent_start", input, kind: "user" };
    const copy = copyWithSharedShape(event);
    expect(copy).not.toBe(event);
    expect(copy).toEqual(event);
    expect(Object.keys(copy)).toEqual(["runId", "sessionKey", "type", "input", "kind"]);
    expect(copy.input).toBe(input);
  });

  it("leaves out the key it is told to, without reading it", () => {
    let reads = 0;
    const value = Object.defineProperty({ a: 1, b: 2 }, "lazy", {
      get: () => {
        reads += 1;
        return 3;
      },
      enumerable: true,
    });
    const copy = copyWithSharedShape(value, "lazy");
    expect(copy).toEqual({ a: 1, b: 2 });
    expect(Object.keys(copy)).toEqual(["a", "b"]);
    expect(reads).toBe(0);
  });
});
