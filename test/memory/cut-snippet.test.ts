import { describe, expect, it } from "vitest";
import { cutSnippet, SNIPPET_MAX_UNITS } from "../../src/memory/cut-snippet.js";

describe("cutSnippet", () => {
  it("keeps short text and cuts long text to the limit in UTF-16 units", () => {
    expect(cutSnippet("short", SNIPPET_MAX_UNITS)).toBe("short");
    expect(cutSnippet("a".repeat(701), SNIPPET_MAX_UNITS)).toBe("a".repeat(700));
  });

  it("never splits a surrogate pair: a pair crossing the limit is dropped whole", () => {
    const text = `${"a".repeat(699)}😀b`;
    expect(cutSnippet(text, 700)).toBe("a".repeat(699));
    expect(cutSnippet(`${"a".repeat(698)}😀b`, 700)).toBe(`${"a".repeat(698)}😀`);
  });
});
