import { describe, expect, it } from "vitest";
import { createStringPool, replaceUnitPaths } from "../../src/runner/replace-unit-paths.js";

const WORKSPACE = "/tmp/claw-eval-unit-Ab12Cd";
const PLACEHOLDERS: [string, string][] = [
  [`${WORKSPACE}.home`, "~"],
  [`${WORKSPACE}.bin`, "<bin>"],
  [WORKSPACE, "<workspace>"],
];

describe("replaceUnitPaths", () => {
  it("replaces the unit's paths as wholes in every string of a value, keys and other values kept", () => {
    const value = {
      reply: `Saved ${WORKSPACE}/notes.md.`,
      events: [{ type: "tool", input: { path: `${WORKSPACE}.home/.openclaw`, bins: `${WORKSPACE}.bin` } }],
      other: `${WORKSPACE}-copy and /tmp/claw-eval-unit-Zz99Yy`,
      count: 3,
      none: null,
    };
    expect(replaceUnitPaths(value, PLACEHOLDERS)).toEqual({
      reply: "Saved <workspace>/notes.md.",
      events: [{ type: "tool", input: { path: "~/.openclaw", bins: "<bin>" } }],
      other: `${WORKSPACE}-copy and /tmp/claw-eval-unit-Zz99Yy`,
      count: 3,
      none: null,
    });
  });

  it("keeps one copy of a long string seen twice, through the pool", () => {
    const pool = createStringPool();
    const long = `${WORKSPACE}/${"x".repeat(300)}`;
    const first = replaceUnitPaths({ text: long }, PLACEHOLDERS, pool);
    const second = replaceUnitPaths([long], PLACEHOLDERS, pool);
    expect(first.text).toBe(`<workspace>/${"x".repeat(300)}`);
    expect(pool.size).toBe(1);
    expect(pool.get(first.text)).toBe(second[0]);
  });

  it("returns untouched parts as they are and keeps a `__proto__` key an own property", () => {
    const untouched = { list: [1, "plain"], nested: { ok: true } };
    const parsed = JSON.parse(`{"__proto__": "${WORKSPACE}/a.md", "kept": "b"}`) as Record<string, unknown>;
    const replaced = replaceUnitPaths({ untouched, parsed }, PLACEHOLDERS);
    expect(replaced.untouched).toBe(untouched);
    expect(Object.getPrototypeOf(replaced.parsed)).toBe(Object.prototype);
    expect(Object.keys(replaced.parsed)).toEqual(["__proto__", "kept"]);
    expect(Object.getOwnPropertyDescriptor(replaced.parsed, "__proto__")?.value).toBe("<workspace>/a.md");
    expect(parsed.kept).toBe("b");
  });
});
