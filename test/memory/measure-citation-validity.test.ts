import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/domain/index.js";
import { type CollectedMemoryCitation, collectMemoryCitations } from "../../src/memory/collect-memory-citations.js";
import { measureCitationValidity } from "../../src/memory/measure-citation-validity.js";
import { findMemoryCitations, isMemoryNotePath, parseMemoryCitation } from "../../src/memory/parse-memory-citations.js";

const NOTE = ["# 2026-03-14", "", "- Vendor pitch: Acme offered 20% off.", "- Follow up on Friday.", ""].join("\n");
const NOTES = [
  { path: "memory/2026-03-14.md", text: NOTE },
  { path: "MEMORY.md", text: "# Memory\n- Alice lives in Xuhui." },
];

function citation(text: string, snippet?: string): CollectedMemoryCitation {
  return {
    parsed: parseMemoryCitation(text),
    text,
    source: "search",
    turnIndex: 0,
    ...(snippet === undefined ? {} : { snippet }),
  };
}

function reasonOf(text: string, snippet?: string): string | undefined {
  return measureCitationValidity({ citations: [citation(text, snippet)], notes: NOTES }).invalid[0]?.reason;
}

describe("parseMemoryCitation and findMemoryCitations", () => {
  it("reads single-line and ranged citations, alone or inside text", () => {
    expect(parseMemoryCitation("MEMORY.md#L10")).toEqual({
      text: "MEMORY.md#L10",
      path: "MEMORY.md",
      startLine: 10,
      endLine: 10,
    });
    expect(parseMemoryCitation("memory/2026-03-14.md#L3-L7")).toMatchObject({ startLine: 3, endLine: 7 });
    expect(parseMemoryCitation("memory/a.md line 3")).toBeUndefined();
    expect(findMemoryCitations("see memory/a.md#L3 and (MEMORY.md#L1-L2).").map((found) => found.text)).toEqual([
      "memory/a.md#L3",
      "MEMORY.md#L1-L2",
    ]);
  });

  it("finds a citation as a whole path-character run, also after a long spaceless run", () => {
    const run = "x".repeat(50_000);
    expect(findMemoryCitations(run)).toEqual([]);
    expect(findMemoryCitations(`${run}#L4 ${run}`).map((found) => found.path)).toEqual([run]);
    expect(findMemoryCitations("#memory/a.md#L2#L3").map((found) => found.text)).toEqual(["memory/a.md#L2"]);
  });

  it("knows the default memory files and nothing else", () => {
    expect(["MEMORY.md", "memory.md", "memory/a.md", "./memory/x/y.md"].map(isMemoryNotePath)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(["src/app.ts", "SOUL.md", "memory/../SOUL.md", "memory/a.txt"].map(isMemoryNotePath)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("measureCitationValidity", () => {
  it("accepts a citation of an indexed note whose lines exist and hold the snippet's first line", () => {
    const snippet =
      "- Vendor pitch: Acme offered 20% off.\n- Follow up on Friday.\n\nSource: memory/2026-03-14.md#L3-L4";
    expect(
      measureCitationValidity({ citations: [citation("memory/2026-03-14.md#L3-L4", snippet)], notes: NOTES }),
    ).toEqual({
      checked: 1,
      valid: 1,
      invalid: [],
    });
    expect(reasonOf("./memory/2026-03-14.md#L5")).toBeUndefined();
    expect(reasonOf("MEMORY.md#L2", "   \n  - Alice lives in Xuhui.")).toBeUndefined();
  });

  it("rejects a citation past the last line, naming the file's line count", () => {
    expect(reasonOf("memory/2026-03-14.md#L4-L9")).toBe("line 9 is past the end of memory/2026-03-14.md (5 lines)");
  });

  it("rejects line 0, a reversed range, an unindexed path and a malformed citation", () => {
    expect(reasonOf("memory/2026-03-14.md#L0-L2")).toBe("line 0 does not exist: lines start at 1");
    expect(reasonOf("memory/2026-03-14.md#L4-L3")).toBe("start line 4 is after end line 3");
    expect(reasonOf("memory/2026-03-15.md#L1")).toBe("memory/2026-03-15.md is not an indexed memory file");
    expect(reasonOf("memory/2026-03-14.md, lines 3 to 4")).toBe(
      "not of the form path#L<start> or path#L<start>-L<end>",
    );
  });

  it("rejects cited lines that do not hold the snippet's first non-empty line", () => {
    expect(reasonOf("memory/2026-03-14.md#L1-L2", "\n- Vendor pitch: Acme offered 20% off.")).toBe(
      'lines 1-2 of memory/2026-03-14.md do not contain the snippet\'s first line "- Vendor pitch: Acme offered 20% off."',
    );
  });

  it("counts every citation and lists the invalid ones in order with source and turn", () => {
    const result = measureCitationValidity({
      citations: [
        citation("memory/2026-03-14.md#L3"),
        { ...citation("memory/2026-03-14.md#L40"), source: "reply", turnIndex: 2 },
        citation("MEMORY.md#L1-L2"),
      ],
      notes: NOTES,
    });
    expect(result).toEqual({
      checked: 3,
      valid: 2,
      invalid: [
        {
          citation: "memory/2026-03-14.md#L40",
          source: "reply",
          turnIndex: 2,
          reason: "line 40 is past the end of memory/2026-03-14.md (5 lines)",
        },
      ],
    });
  });
});

const base = { runId: "run-1", sessionKey: "agent:main:main" };

function searchEnd(results: unknown[]): AgentEvent {
  const text = JSON.stringify({
    results,
    provider: "hash",
    model: "fnv1a-256",
    fallback: null,
    citations: "auto",
    mode: "hybrid",
  });
  return {
    ...base,
    type: "tool_execution_end",
    toolCallId: "call-1",
    toolName: "memory_search",
    result: { content: [{ type: "text", text }], isError: false },
    isError: false,
  };
}

function reply(text: string): AgentEvent {
  return {
    ...base,
    type: "message_end",
    message: { role: "assistant", content: [{ type: "text", text }], stopReason: "end_turn" },
  };
}

describe("collectMemoryCitations", () => {
  const hit = {
    path: "memory/2026-03-14.md",
    startLine: 3,
    endLine: 4,
    score: 0.8,
    snippet: "- Vendor pitch\n\nSource: memory/2026-03-14.md#L3-L4",
    source: "memory",
    citation: "memory/2026-03-14.md#L3-L4",
  };

  it("takes search results' citations, recall citations and memory-file citations in replies, once per turn and source", () => {
    const turns = [
      {
        index: 0,
        events: [
          { ...base, type: "recall_injected", count: 1, citations: ["MEMORY.md#L2"] } as AgentEvent,
          searchEnd([hit, { ...hit, citation: undefined }]),
          searchEnd([hit]),
          reply("Acme offered 20% off (memory/2026-03-14.md#L3-L4); see src/app.ts#L3 and memory/2026-03-14.md#L3-L4."),
        ],
      },
      { index: 1, events: [reply("As noted in memory/2026-03-14.md#L3-L4 and notes/extra.md#L1.")] },
    ];
    const found = collectMemoryCitations({ turns, isMemoryPath: isMemoryNotePath });
    expect(found.map(({ source, text, turnIndex, snippet }) => ({ source, text, turnIndex, snippet }))).toEqual([
      { source: "recall", text: "MEMORY.md#L2", turnIndex: 0, snippet: undefined },
      { source: "search", text: "memory/2026-03-14.md#L3-L4", turnIndex: 0, snippet: hit.snippet },
      { source: "reply", text: "memory/2026-03-14.md#L3-L4", turnIndex: 0, snippet: hit.snippet },
      { source: "reply", text: "memory/2026-03-14.md#L3-L4", turnIndex: 1, snippet: hit.snippet },
    ]);
  });

  it("ignores failed and unreadable search results", () => {
    const failed: AgentEvent = {
      ...base,
      type: "tool_execution_end",
      toolCallId: "call-2",
      toolName: "memory_search",
      result: { content: [{ type: "text", text: "boom" }], isError: true },
      isError: true,
    };
    const notJson = {
      ...failed,
      isError: false,
      result: { content: [{ type: "text" as const, text: "boom" }], isError: false },
    };
    expect(
      collectMemoryCitations({ turns: [{ index: 0, events: [failed, notJson] }], isMemoryPath: () => true }),
    ).toEqual([]);
  });
});
