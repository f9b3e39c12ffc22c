import { describe, expect, it } from "vitest";
import { createSkillParseCache, type SkillParseCacheKey } from "../../src/skills/create-skill-parse-cache.js";
import { parseSkillFile } from "../../src/skills/parse-skill-file.js";

const key = (overrides: Partial<SkillParseCacheKey> = {}): SkillParseCacheKey => ({
  filePath: "/w/skills/a/SKILL.md",
  size: 30,
  mtimeMs: 1000,
  fallbackName: "a",
  source: "openclaw-workspace",
  ...overrides,
});
const parseA = () => parseSkillFile("---\ndescription: d\n---\n", "/w/skills/a/SKILL.md", "a");

describe("createSkillParseCache", () => {
  it("parses once per (path, size, mtimeMs) and re-parses a changed file", () => {
    const cache = createSkillParseCache();
    let parses = 0;
    const parse = () => {
      parses += 1;
      return parseA();
    };
    const first = cache.getOrParse(key(), parse);
    expect(cache.getOrParse(key(), parse)).toBe(first);
    expect(parses).toBe(1);
    cache.getOrParse(key({ mtimeMs: 2000 }), parse);
    cache.getOrParse(key({ size: 31, mtimeMs: 2000 }), parse);
    expect(parses).toBe(3);
    expect(cache.size).toBe(1);
    expect(cache.get(key())).toBeUndefined();
  });

  it("keys on fallback name and source too", () => {
    const cache = createSkillParseCache();
    cache.set(key(), parseA());
    expect(cache.get(key({ source: "openclaw-managed" }))).toBeUndefined();
    expect(cache.get(key({ fallbackName: "b" }))).toBeUndefined();
    expect(cache.get(key())).toStrictEqual(parseA());
  });

  it("drops the least recently used entry beyond maxEntries; instances are independent", () => {
    const cache = createSkillParseCache({ maxEntries: 2 });
    const other = createSkillParseCache();
    cache.set(key({ filePath: "/1" }), parseA());
    cache.set(key({ filePath: "/2" }), parseA());
    cache.get(key({ filePath: "/1" }));
    cache.set(key({ filePath: "/3" }), parseA());
    expect([cache.get(key({ filePath: "/1" })), cache.get(key({ filePath: "/2" }))].map(Boolean)).toStrictEqual([
      true,
      false,
    ]);
    expect(other.size).toBe(0);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
