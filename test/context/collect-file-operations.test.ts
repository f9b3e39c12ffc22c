import { describe, expect, it } from "vitest";
import { collectFileOperations } from "../../src/context/collect-file-operations.js";
import { assistantOf, callOf, userOf } from "./compaction-fixtures.js";

describe("collectFileOperations (context.md §4.4)", () => {
  it("reads a.md, b.md; edits b.md; writes c.md → read [a.md], modified [b.md, c.md]", () => {
    const messages = [
      userOf(5),
      assistantOf(10, [callOf("1", "read", { path: "b.md" }), callOf("2", "read", { path: "a.md" })]),
      assistantOf(10, [callOf("3", "edit", { path: "b.md", oldText: "x", newText: "y" })]),
      assistantOf(10, [callOf("4", "write", { path: "c.md", content: "z" })]),
    ];
    expect(collectFileOperations({ messages })).toEqual({ readFiles: ["a.md"], modifiedFiles: ["b.md", "c.md"] });
  });

  it("merges the previous compaction's lists; a file modified now leaves the read list", () => {
    const messages = [
      assistantOf(10, [callOf("1", "write", { path: "old-read.md" }), callOf("2", "read", { path: "n.md" })]),
    ];
    const previous = { readFiles: ["old-read.md", "z.md"], modifiedFiles: ["m.md"] };
    expect(collectFileOperations({ messages, previous })).toEqual({
      readFiles: ["n.md", "z.md"],
      modifiedFiles: ["m.md", "old-read.md"],
    });
  });

  it("ignores other tools, missing or non-string paths, and duplicates", () => {
    const messages = [
      assistantOf(10, [
        callOf("1", "exec", { path: "x.md" }),
        callOf("2", "read", {}),
        callOf("3", "read", { path: 7 }),
        callOf("4", "read", { path: "d.md" }),
        callOf("5", "read", { path: "d.md" }),
      ]),
    ];
    expect(collectFileOperations({ messages })).toEqual({ readFiles: ["d.md"], modifiedFiles: [] });
    expect(collectFileOperations({ messages: [] })).toEqual({ readFiles: [], modifiedFiles: [] });
  });
});
