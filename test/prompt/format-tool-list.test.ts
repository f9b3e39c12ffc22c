import { describe, expect, it } from "vitest";
import {
  formatToolList,
  normaliseToolNames,
  normaliseToolSummaries,
  toolDisplayName,
} from "../../src/prompt/format-tool-list.js";
import { TOOL_ORDER, TOOL_SUMMARIES } from "../../src/prompt/tool-summaries.js";

const list = (names: string[], summaries: Record<string, string> = {}) =>
  formatToolList({ tools: normaliseToolNames(names), summaries: normaliseToolSummaries(summaries), acp: false });

describe("formatToolList (spec/prompt.md §6.2)", () => {
  it("puts TOOL_ORDER keys first, then the rest by code-unit order of the lower-case key", () => {
    const names = ["zeta", "image", "Beta", "read", "_under", "alpha", "sessions_spawn", "Exec", "write"];
    expect(list(names).map((line) => line.slice(2).split(":")[0])).toEqual([
      "read",
      "write",
      "Exec",
      "image",
      "_under",
      "alpha",
      "Beta",
      "sessions_spawn",
      "zeta",
    ]);
  });

  it("keeps the first display name of a lower-case key", () => {
    const tools = normaliseToolNames(["Read", "read", " READ "]);
    expect([...tools.displayNames]).toEqual([["read", "Read"]]);
    expect(toolDisplayName(tools, "read")).toBe("Read");
    expect(toolDisplayName(tools, "process")).toBe("process");
    expect(list(["Read", "read"])).toEqual(["- Read: Show a file's contents"]);
  });

  it("has a built-in summary for each ordered key and for sessions_spawn", () => {
    for (const key of [...TOOL_ORDER, "sessions_spawn"]) expect(TOOL_SUMMARIES[key]).toBeTruthy();
    expect(TOOL_SUMMARIES.web_search).toContain("Brave");
  });

  it("renders a bare name when no summary exists", () => {
    expect(list(["custom"], { other: "x" })).toEqual(["- custom"]);
    expect(list(["custom"], { " CUSTOM ": " does it " })).toEqual(["- custom: does it"]);
  });
});
