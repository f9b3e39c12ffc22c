import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { countOccurrences, editTool } from "../../src/tools/edit-tool.js";
import { callTool, createWorkspace, removeTestRoots, textOf, toolContext } from "./tool-test-helpers.js";

afterEach(removeTestRoots);

async function edit(content: string, oldText: string, newText: string) {
  const workspace = createWorkspace({ "notes/a.md": content });
  const result = await callTool(editTool, { path: "notes/a.md", oldText, newText }, toolContext(workspace));
  return {
    text: textOf(result),
    isError: result.isError,
    after: readFileSync(join(workspace.root, "notes/a.md"), "utf8"),
  };
}

describe("edit", () => {
  it("replaces the single occurrence and names its line", async () => {
    expect(await edit("one\ntwo\nthree\n", "two", "2")).toEqual({
      text: "Edited notes/a.md: replaced 1 occurrence at line 2",
      isError: false,
      after: "one\n2\nthree\n",
    });
  });

  it("inserts replacement text literally, without $ patterns", async () => {
    expect((await edit("price: X", "X", "$& $1 $$")).after).toBe("price: $& $1 $$");
  });

  it("fails without changes when oldText is missing or ambiguous", async () => {
    expect(await edit("alpha beta", "gamma", "x")).toEqual({
      text: "oldText not found in notes/a.md; it must match the file exactly",
      isError: true,
      after: "alpha beta",
    });
    expect(await edit("a\nTODO\nb\nTODO\nc TODO", "TODO", "DONE")).toEqual({
      text: "oldText occurs 3 times in notes/a.md; include more surrounding text so it matches exactly once",
      isError: true,
      after: "a\nTODO\nb\nTODO\nc TODO",
    });
    expect((await edit("aaa", "aa", "b")).text).toBe(
      "oldText occurs 2 times in notes/a.md; include more surrounding text so it matches exactly once",
    );
    expect((await edit("abc", "", "x")).text).toBe("oldText must not be empty");
    expect((await edit("abc", "b", "b")).text).toBe("No change: oldText and newText are identical");
  });

  it("keeps a byte-order mark and CRLF line endings", async () => {
    expect((await edit("\uFEFFa\r\nb\r\n", "b", "c")).after).toBe("\uFEFFa\r\nc\r\n");
  });

  it("reports a missing file", async () => {
    const workspace = createWorkspace();
    const result = await callTool(editTool, { path: "nope.md", oldText: "a", newText: "b" }, toolContext(workspace));
    expect({ text: textOf(result), isError: result.isError }).toEqual({
      text: "File not found: nope.md",
      isError: true,
    });
  });

  it("counts overlapping occurrences", () => {
    expect(countOccurrences("aaaa", "aa")).toBe(3);
    expect(countOccurrences("abc", "d")).toBe(0);
  });
});
