import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isInsideRoot } from "../../src/platform/is-inside-root.js";
import { assertProperty } from "../support/assert-property.js";

describe("isInsideRoot", () => {
  it("accepts the root and what lies below it, compared segment-wise", () => {
    expect(isInsideRoot({ root: "/ws", path: "/ws" })).toBe(true);
    expect(isInsideRoot({ root: "/ws", path: "/ws/a/b.md" })).toBe(true);
    expect(isInsideRoot({ root: "/ws/", path: "/ws/a" })).toBe(true);
    expect(isInsideRoot({ root: "/ws", path: "/ws/..notes" })).toBe(true);
    expect(isInsideRoot({ root: "/", path: "/etc" })).toBe(true);
  });

  it("refuses siblings that share a prefix, parents and paths that climb out", () => {
    expect(isInsideRoot({ root: "/ws", path: "/ws2/a" })).toBe(false);
    expect(isInsideRoot({ root: "/ws", path: "/" })).toBe(false);
    expect(isInsideRoot({ root: "/ws/a", path: "/ws" })).toBe(false);
    expect(isInsideRoot({ root: "/ws", path: "/ws/a/../../etc" })).toBe(false);
  });

  it("property: a path built by joining names under the root is inside; the root's parent is not", () => {
    const name = fc.stringMatching(/^[a-z.]{1,6}$/).filter((text) => text !== "." && text !== "..");
    assertProperty(
      fc.property(fc.array(name, { minLength: 1, maxLength: 3 }), fc.array(name, { maxLength: 3 }), (root, below) => {
        const rootPath = `/${root.join("/")}`;
        const inside = isInsideRoot({ root: rootPath, path: [rootPath, ...below].join("/") });
        const parent = isInsideRoot({ root: rootPath, path: `/${root.slice(0, -1).join("/")}` });
        return inside && !parent;
      }),
    );
  });
});
