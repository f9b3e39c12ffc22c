import fc from "fast-check";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { describe, expect, it } from "vitest";
import { loadBpeCounter } from "../../src/prompt/load-bpe-counter.js";
import { MAX_BPE_PIECE_CHARS, splitForBpe } from "../../src/prompt/split-for-bpe.js";
import { assertProperty } from "../support/assert-property.js";

const pretokenizer = o200k.pat_str;
const split = (text: string) => splitForBpe({ text, pretokenizer });
const pieces = (text: string) => [...text.matchAll(new RegExp(pretokenizer, "gu"))].map((match) => match[0]);

describe("splitForBpe", () => {
  it("keeps ordinary text whole, so its count is exact", () => {
    const text = "# Rules\n\nWe chose GraphQL (see notes/2026-03-10.md) — don't guess.\n  Indented: 1234567 items!\n";
    expect(split(text)).toEqual([text]);
    expect(split("")).toEqual([]);
  });

  it("cuts a long run into 16-char parts between the ordinary text around it", () => {
    const word = "x".repeat(40);
    expect(split(`say ${word} now`)).toEqual(["say", ` ${"x".repeat(15)}`, "x".repeat(16), `${"x".repeat(9)}`, " now"]);
  });

  it("keeps surrogate pairs whole when cutting", () => {
    const text = `!${"😀".repeat(20)}`;
    const segments = split(text);
    expect(segments.join("")).toBe(text);
    expect(segments.length).toBeGreaterThan(1);
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(segments.filter((segment) => loneSurrogate.test(segment))).toEqual([]);
  });

  // Alone, a segment can end in one more whitespace char than its last piece had in the whole
  // text (the pre-tokenizer looks ahead past whitespace), hence the limit plus one.
  it("gives back the text, in segments with no pre-token piece longer than the limit (plus one)", () => {
    const unit = fc.constantFrom("a", "B", "中", "é", "😀", " ", "\n", "!", ".", "1", "'", "\t");
    const run = fc.tuple(unit, fc.integer({ min: 1, max: 80 })).map(([char, times]) => char.repeat(times));
    assertProperty(
      fc.property(fc.array(fc.oneof(unit, run), { maxLength: 30 }), (parts) => {
        const text = parts.join("");
        const segments = split(text);
        expect(segments.join("")).toBe(text);
        for (const segment of segments) {
          for (const piece of pieces(segment)) expect(piece.length).toBeLessThanOrEqual(MAX_BPE_PIECE_CHARS + 1);
        }
      }),
    );
  });
});

describe("loadBpeCounter", () => {
  it("counts ordinary text as the encoder does, and special-token text as plain text", async () => {
    const count = await loadBpeCounter();
    const encoder = new Tiktoken(o200k);
    const text =
      "# Agents\n\nRead SOUL.md first. Use `grep` before `read`; never guess paths (e.g. memory/2026-03-10.md).\n";
    expect(count(text)).toBe(encoder.encode(text).length);
    expect(count("Hello world")).toBe(2);
    expect(count("<|endoftext|>")).toBe(encoder.encode("<|endoftext|>", [], []).length);
    expect(count("<|endoftext|>")).toBeGreaterThan(1);
  });

  it("counts a 20 000-char word and a 20 000-char run of CJK in linear time, close to the exact count", async () => {
    const count = await loadBpeCounter();
    // Exact counts of shorter runs: 1 000 "a" are 125 tokens, and each 中 is one token.
    expect(count("a".repeat(1000))).toBe(125);
    expect(count("a".repeat(20_000))).toBe(2500);
    expect(count("中".repeat(20_000))).toBe(20_000);
    expect(count(" ".repeat(20_000))).toBeGreaterThan(0);
  });
});
