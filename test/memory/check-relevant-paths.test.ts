import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { checkRelevantPaths } from "../../src/memory/check-relevant-paths.js";

const MEMORY_FILES = [
  "MEMORY.md",
  "memory/2026-01-20.md",
  "memory/2026-02-14.md",
  "memory/projects.md",
  "notes/extra.md",
];
const EXPECTED =
  "expected a memory file of the workspace (MEMORY.md, memory.md, a note under memory/ or an extra path), relative to the workspace";

describe("checkRelevantPaths", () => {
  it("accepts labels of files the index covers, whole or by lines", () => {
    const queries = [
      { line: 1, query: "offsite", relevant: ["memory/2026-01-20.md", "MEMORY.md#L3-L5", "notes/extra.md#L2"] },
    ];
    expect(checkRelevantPaths({ file: "q.jsonl", queries, memoryFiles: MEMORY_FILES })).toEqual([]);
  });

  it("names the file, line and label of a path the index does not cover, with the closest memory file", () => {
    const queries = [
      { line: 2, query: "offsite", relevant: ["memory/2026-01-20.md", "memory/2026-01-2O.md#L1-L3"] },
      { line: 5, query: "address", relevant: ["workspace/memory/2026-02-14.md", "README.md"] },
    ];
    expect(checkRelevantPaths({ file: "q.jsonl", queries, memoryFiles: MEMORY_FILES }).map(formatDiagnostic)).toEqual([
      `q.jsonl:2:1: relevant[1]: ${EXPECTED}, found "memory/2026-01-2O.md" (did you mean memory/2026-01-20.md?)`,
      `q.jsonl:5:1: relevant[0]: ${EXPECTED}, found "workspace/memory/2026-02-14.md"`,
      `q.jsonl:5:1: relevant[1]: ${EXPECTED}, found "README.md"`,
    ]);
  });

  it("every label is an error in a workspace without memory files", () => {
    const queries = [{ line: 1, query: "tax", relevant: ["memory/a.md", "MEMORY.md"] }];
    const found = checkRelevantPaths({ file: "q.jsonl", queries, memoryFiles: [] });
    expect(found.map((diagnostic) => [diagnostic.path, diagnostic.severity])).toEqual([
      ["relevant[0]", "error"],
      ["relevant[1]", "error"],
    ]);
  });
});
