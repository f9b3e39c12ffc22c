import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import fc from "fast-check";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { beforeAll, describe, expect, it } from "vitest";
import { findBpeRank, parseBpeRanks } from "../../src/prompt/bpe-rank-table.js";
import { type BpeCounter, createBpeCounter } from "../../src/prompt/create-bpe-counter.js";
import { loadBpeCounter } from "../../src/prompt/load-bpe-counter.js";
import { splitForBpe } from "../../src/prompt/split-for-bpe.js";
import { assertProperty } from "../support/assert-property.js";

const WORKSPACES = resolve(import.meta.dirname, "../../fixtures/workspaces");
const reference = new Tiktoken(o200k);
/** What `prompt --json` counted before: js-tiktoken's encoder over the same segments. */
const referenceCount = (text: string) =>
  splitForBpe({ text, pretokenizer: o200k.pat_str }).reduce(
    (sum, segment) => sum + reference.encode(segment, [], []).length,
    0,
  );

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(directory, entry.name);
      return entry.isDirectory() ? listFiles(path) : entry.isFile() ? [path] : [];
    })
    .sort();
}

const TEXTS: Record<string, string> = {
  english: "# Agents\n\nRead SOUL.md first. Don't guess; we'll check, they're sure, I'd say.\n",
  chinese: "你好，世界！我们今天讨论一下系统提示词的组装方式，以及技能目录的预算。",
  japaneseAndKorean: "エージェントはメモリを検索します。 에이전트는 메모리를 검색합니다.",
  code: "export function add(a: number, b: number): number {\n\treturn a + b; // 42\n}\n\n  if (x >= 0x1f) { y += `z`; }\r\n",
  emoji: "Ship it 🚀🚀 👍🏽 👨‍👩‍👧‍👦 🇫🇷 ❤️ done ✅",
  longSpaceless: "a".repeat(5_000),
  longMixedWord: "Supercalifragilistic".repeat(300),
  longChinese: "中文字符".repeat(2_000),
  longPunctuation: "=-".repeat(1_000),
  longSpaces: `${" ".repeat(3_000)}x${"\n".repeat(500)}`,
  base64Blob: Buffer.from(Array.from({ length: 3_000 }, (_, index) => (index * 7919) % 256)).toString("base64"),
  numbers: "1234567890 3.14159 1,000,000 2026-12-02T01:00:00Z",
  specialTokens: "<|endoftext|> and <|endofprompt|> as plain text",
  loneSurrogates: "a\uD800b \uDC00c",
  scripts: "مرحبا بالعالم — नमस्ते दुनिया — Привет, мир — Γειά σου",
  empty: "",
};

describe("createBpeCounter", () => {
  let count: BpeCounter;
  beforeAll(async () => {
    count = await loadBpeCounter();
  }, 120_000);

  it.each(Object.entries(TEXTS))("counts %s text exactly as js-tiktoken's encoder does", (_, text) => {
    expect(count(text)).toBe(referenceCount(text));
  });

  it("counts every file of every fixture workspace exactly as js-tiktoken's encoder does", () => {
    const files = listFiles(WORKSPACES);
    expect(files.length).toBeGreaterThan(20);
    const differences = files.flatMap((path) => {
      const text = readFileSync(path, "utf8");
      const [found, expected] = [count(text), referenceCount(text)];
      return found === expected ? [] : [`${relative(WORKSPACES, path)}: ${found} vs ${expected}`];
    });
    expect(differences).toEqual([]);
  });

  it("agrees with js-tiktoken's encoder on any mix of scripts, runs and whitespace", () => {
    const unit = fc.constantFrom(
      "a",
      "Q",
      "ing",
      " the",
      "中",
      "é",
      "😀",
      "👍🏽",
      " ",
      "\n",
      "\t",
      "!",
      "'s",
      "1",
      "_",
      "\uD800",
    );
    const run = fc.tuple(unit, fc.integer({ min: 1, max: 60 })).map(([text, times]) => text.repeat(times));
    const text = fc.oneof(fc.string({ unit: "grapheme", maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }));
    assertProperty(
      fc.property(fc.array(fc.oneof(unit, run, text), { maxLength: 25 }), (parts) => {
        const joined = parts.join("");
        expect(count(joined)).toBe(referenceCount(joined));
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseBpeRanks and findBpeRank", () => {
  // "YQ==" a, "Yg==" b, "YWI=" ab, "YWJi" abb, then ab again at rank 4.
  const table = parseBpeRanks("! 0 YQ== Yg== YWI=\n! 3 YWJi YWI=\n");
  const bytes = (text: string) => new TextEncoder().encode(text);
  const rankOf = (text: string) => findBpeRank(table, bytes(text), 0, bytes(text).length);

  it("finds each token by its bytes, the higher rank when two ranks spell the same bytes", () => {
    expect([rankOf("a"), rankOf("b"), rankOf("abb"), rankOf("ab")]).toEqual([0, 1, 3, 4]);
    expect([rankOf("ba"), rankOf(""), rankOf("c")]).toEqual([-1, -1, -1]);
    expect(findBpeRank(table, bytes("xaby"), 1, 3)).toBe(4);
  });

  it("merges the lowest-ranked pair first, as the encoder does", () => {
    const counter = createBpeCounter({ table, pretokenizer: "\\S+|\\s+" });
    expect(counter("abb")).toBe(1);
    expect(counter("abab")).toBe(2);
    expect(counter("bab")).toBe(2);
    // c has no rank: the encoder drops parts it cannot spell.
    expect(counter("acb")).toBe(2);
  });
});
