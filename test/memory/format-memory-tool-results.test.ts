import { describe, expect, it } from "vitest";
import {
  formatCitation,
  formatMemorySearchResult,
  formatMemoryUnavailableResult,
  shouldIncludeCitations,
} from "../../src/memory/format-memory-tool-results.js";
import type { MemorySearchHit } from "../../src/memory/search-memory.js";

function hit(path: string, startLine: number, endLine: number, snippet: string): MemorySearchHit {
  return { path, startLine, endLine, score: 0.5, snippet, source: "memory", parts: { merged: 0.5, decay: 1 } };
}

const HITS = [hit("MEMORY.md", 10, 10, "  prefers tea \n"), hit("memory/2026-03-14.md", 3, 7, "vendor pitch")];
const BASE = { hits: HITS, provider: "hash", model: "fnv1a-256", fallback: null, mode: "hybrid" } as const;

describe("citations (memory.md §7.1)", () => {
  it("formats one-line and multi-line citations", () => {
    expect(formatCitation({ path: "MEMORY.md", startLine: 10, endLine: 10 })).toBe("MEMORY.md#L10");
    expect(formatCitation({ path: "memory/2026-03-14.md", startLine: 3, endLine: 7 })).toBe(
      "memory/2026-03-14.md#L3-L7",
    );
  });

  it.each([
    ["on", "agent:main:telegram:group:1", true],
    ["off", "agent:main:main", false],
    ["auto", "agent:main:main", true],
    ["auto", undefined, true],
    ["auto", "agent:main:telegram:group:1", false],
    ["auto", "agent:main:discord:channel:9", false],
  ] as const)("%s in %s ⇒ %s", (citations, sessionKey, expected) => {
    expect(shouldIncludeCitations({ citations, sessionKey })).toBe(expected);
  });
});

describe("formatMemorySearchResult", () => {
  it("adds citations and the Source suffix to trimmed snippets when citations apply", () => {
    const result = formatMemorySearchResult({ ...BASE, citations: "auto", sessionKey: "agent:main:main" });
    expect(result).toEqual({
      results: [
        {
          path: "MEMORY.md",
          startLine: 10,
          endLine: 10,
          score: 0.5,
          snippet: "prefers tea\n\nSource: MEMORY.md#L10",
          source: "memory",
          citation: "MEMORY.md#L10",
        },
        {
          path: "memory/2026-03-14.md",
          startLine: 3,
          endLine: 7,
          score: 0.5,
          snippet: "vendor pitch\n\nSource: memory/2026-03-14.md#L3-L7",
          source: "memory",
          citation: "memory/2026-03-14.md#L3-L7",
        },
      ],
      provider: "hash",
      model: "fnv1a-256",
      fallback: null,
      citations: "auto",
      mode: "hybrid",
    });
  });

  it("leaves snippets untouched and omits citation keys in group chats under auto", () => {
    const result = formatMemorySearchResult({ ...BASE, citations: "auto", sessionKey: "agent:main:slack:group:7" });
    expect(result.results.map((entry) => [entry.snippet, "citation" in entry])).toEqual([
      ["  prefers tea \n", false],
      ["vendor pitch", false],
    ]);
  });

  it("reports the FTS-only fallback and mode", () => {
    const fallback = { from: "openai", reason: "no API key" };
    const result = formatMemorySearchResult({
      ...BASE,
      hits: [],
      mode: "fts-only",
      fallback,
      citations: "off",
      sessionKey: undefined,
    });
    expect(result).toEqual({
      results: [],
      provider: "hash",
      model: "fnv1a-256",
      fallback,
      citations: "off",
      mode: "fts-only",
    });
  });
});

describe("formatMemoryUnavailableResult", () => {
  it.each(["429 Too Many Requests", "insufficient_quota: billing", "Quota exceeded"])(
    "gives the quota warning for %s",
    (message) => {
      const result = formatMemoryUnavailableResult(new Error(message));
      expect(result).toMatchObject({ results: [], disabled: true, unavailable: true, error: message });
      expect(result.warning).toContain("quota is exhausted");
      expect(result.action).toMatch(/top up.*switch/i);
    },
  );

  it("gives the provider-error warning for anything else, including non-Error values", () => {
    const result = formatMemoryUnavailableResult("ECONNREFUSED 127.0.0.1:9");
    expect(result).toMatchObject({ error: "ECONNREFUSED 127.0.0.1:9", disabled: true, unavailable: true, results: [] });
    expect(result.warning).toContain("embedding/provider error");
    expect(result.action).toMatch(/check .*configuration/i);
  });

  it("serialises to JSON with every key", () => {
    const parsed = JSON.parse(JSON.stringify(formatMemoryUnavailableResult(new Error("boom"))));
    expect(Object.keys(parsed)).toEqual(["results", "disabled", "unavailable", "error", "warning", "action"]);
  });
});
