import { describe, expect, it } from "vitest";
import { chunkDocument } from "../../src/memory/chunk-document.js";

const distinctLine = (length: number) =>
  Array.from({ length }, (_, index) => String.fromCharCode(0x100 + index)).join("");

describe("chunkDocument", () => {
  it("closes at 40 chars and carries the crossing line (spec §4.3 example)", () => {
    const text = ["alpha beta", "gamma delta", "epsilon zeta eta", "theta"].join("\n");
    expect(chunkDocument({ text, tokens: 10, overlap: 2 })).toEqual([
      { startLine: 1, endLine: 3, text: "alpha beta\ngamma delta\nepsilon zeta eta" },
      { startLine: 3, endLine: 4, text: "epsilon zeta eta\ntheta" },
    ]);
  });

  it("splits a 100-char line into 40, 40 and 20 char segments that all keep line 1 (spec §4.3 example)", () => {
    const line = distinctLine(100);
    expect(chunkDocument({ text: line, tokens: 10, overlap: 0 })).toEqual([
      { startLine: 1, endLine: 1, text: line.slice(0, 40) },
      { startLine: 1, endLine: 1, text: line.slice(40, 80) },
      { startLine: 1, endLine: 1, text: line.slice(80) },
    ]);
  });

  it("carries a whole long-line segment when overlap is on", () => {
    const line = distinctLine(100);
    const [a, b, c] = [line.slice(0, 40), line.slice(40, 80), line.slice(80)];
    expect(chunkDocument({ text: line, tokens: 10, overlap: 2 })).toEqual([
      { startLine: 1, endLine: 1, text: a },
      { startLine: 1, endLine: 1, text: `${a}\n${b}` },
      { startLine: 1, endLine: 1, text: `${b}\n${c}` },
    ]);
  });

  it("stops carrying once the tail reaches exactly overlap × 4 chars", () => {
    const text = ["a".repeat(30), "bbbbbbb", "ccccccc"].join("\n");
    expect(chunkDocument({ text, tokens: 10, overlap: 2 })).toEqual([
      { startLine: 1, endLine: 2, text: `${"a".repeat(30)}\nbbbbbbb` },
      { startLine: 2, endLine: 3, text: "bbbbbbb\nccccccc" },
    ]);
  });

  it("uses at least 32 chars per chunk and clamps overlap to tokens − 1", () => {
    const text = ["x".repeat(15), "y".repeat(15), "z".repeat(15)].join("\n");
    // tokens 2 ⇒ maxChars 32; overlap 9 is clamped to 1 ⇒ 4 chars, so one 16-char line is carried.
    expect(chunkDocument({ text, tokens: 2, overlap: 9 })).toEqual([
      { startLine: 1, endLine: 2, text: `${"x".repeat(15)}\n${"y".repeat(15)}` },
      { startLine: 2, endLine: 3, text: `${"y".repeat(15)}\n${"z".repeat(15)}` },
    ]);
    expect(chunkDocument({ text, tokens: 2, overlap: -3 })).toEqual([
      { startLine: 1, endLine: 2, text: `${"x".repeat(15)}\n${"y".repeat(15)}` },
      { startLine: 3, endLine: 3, text: "z".repeat(15) },
    ]);
  });

  it("keeps empty lines as empty segments and returns one empty chunk for empty text", () => {
    expect(chunkDocument({ text: "", tokens: 400, overlap: 80 })).toEqual([{ startLine: 1, endLine: 1, text: "" }]);
    expect(chunkDocument({ text: "a\n\nb\n", tokens: 400, overlap: 80 })).toEqual([
      { startLine: 1, endLine: 4, text: "a\n\nb\n" },
    ]);
  });
});
