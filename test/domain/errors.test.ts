import { describe, expect, it } from "vitest";
import {
  ClawEvalError,
  errorMessage,
  findTooDeepValue,
  isClawEvalError,
  UNPRINTABLE_ERROR,
} from "../../src/domain/index.js";

describe("errorMessage", () => {
  it("gives an error's message and any other value as text", () => {
    expect(errorMessage(new Error("boom"))).toBe("boom");
    expect(errorMessage(42)).toBe("42");
    expect(errorMessage({ message: 5 })).toBe("[object Object]");
    expect(errorMessage(Object.assign(new Error("x"), { message: 7 }))).toBe("7");
  });

  it("never throws on values that throw when read or turned into text", () => {
    const poisoned: unknown[] = [
      new Proxy(
        {},
        {
          get: () => {
            throw new Error("trap");
          },
        },
      ),
      new Proxy(new Error("e"), {
        get: () => {
          throw new Error("trap");
        },
      }),
      Object.create(null),
      {
        toString: () => {
          throw new Error("toString");
        },
      },
      Object.defineProperty(new Error("e"), "message", {
        get: () => {
          throw new Error("getter");
        },
      }),
      new Proxy(
        {},
        {
          getPrototypeOf: () => {
            throw new Error("proto");
          },
        },
      ),
    ];
    expect(poisoned.map(errorMessage)).toEqual(poisoned.map(() => UNPRINTABLE_ERROR));
    expect(isClawEvalError(poisoned[5])).toBe(false);
    expect(isClawEvalError(new ClawEvalError("io", "x"))).toBe(true);
  });
});

describe("findTooDeepValue", () => {
  it("returns the path to the first container past the depth limit, or undefined", () => {
    expect(findTooDeepValue({ a: [1, { b: 2 }] }, 3)).toBeUndefined();
    expect(findTooDeepValue({ a: [1, { b: {} }] }, 3)).toEqual(["a", 1, "b"]);
    expect(findTooDeepValue("text", 1)).toBeUndefined();
    expect(findTooDeepValue({ a: {} }, 1)).toEqual(["a"]);
  });

  it("measures values far deeper than the call stack allows", () => {
    let deep: unknown = [];
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(findTooDeepValue({ x: deep }, 64)).toHaveLength(64);
  });
});
