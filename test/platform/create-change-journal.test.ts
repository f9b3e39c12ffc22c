import { describe, expect, it } from "vitest";
import { createChangeJournal } from "../../src/platform/create-change-journal.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";

describe("createChangeJournal", () => {
  it("lists the distinct paths written after a generation, in first-write order", () => {
    const journal = createChangeJournal();
    expect(journal.changesSince(0)).toEqual({ generation: 0, paths: [] });
    journal.record("/w/a.md");
    const after = journal.changesSince(0).generation;
    journal.record("/w/b.md");
    journal.record("/w/a.md");
    expect(journal.changesSince(0)).toEqual({ generation: 3, paths: ["/w/a.md", "/w/b.md"] });
    expect(journal.changesSince(after)).toEqual({ generation: 3, paths: ["/w/b.md", "/w/a.md"] });
    expect(journal.changesSince(3)).toEqual({ generation: 3, paths: [] });
  });

  it("answers unknown after an unknown change or once the log no longer reaches back", () => {
    const journal = createChangeJournal(2);
    journal.record("/w/a.md");
    journal.recordUnknown();
    expect(journal.changesSince(1).paths).toBeUndefined();
    expect(journal.changesSince(2).paths).toEqual([]);
    journal.record("/w/b.md");
    journal.record("/w/c.md");
    journal.record("/w/d.md");
    expect(journal.changesSince(2).paths).toBeUndefined();
    expect(journal.changesSince(4).paths).toEqual(["/w/d.md"]);
  });
});

describe("the runtime's write log", () => {
  it("records writes, appends, exclusive writes and removals, and an exec as unknown", async () => {
    const runtime = createTestRuntime();
    const start = runtime.fs.changesSince(0).generation;
    await runtime.fs.writeText(`${runtime.root}/ws/a.md`, "a");
    await runtime.fs.appendText(`${runtime.root}/ws/b.md`, "b");
    await runtime.fs.writeExclusive(`${runtime.root}/ws/c.md`, "c");
    await runtime.fs.remove(`${runtime.root}/ws/a.md`);
    await runtime.fs.readText(`${runtime.root}/ws/b.md`);
    const changes = runtime.fs.changesSince(start);
    expect(changes.paths).toEqual([`${runtime.root}/ws/a.md`, `${runtime.root}/ws/b.md`, `${runtime.root}/ws/c.md`]);
    await runtime.exec({ command: "true", cwd: runtime.root, env: {}, timeoutMs: 5_000 });
    expect(runtime.fs.changesSince(changes.generation).paths).toBeUndefined();
  });
});

describe("createChangeJournal past its limit", () => {
  it("keeps exactly the last `limit` writes however many came before", () => {
    const journal = createChangeJournal(3);
    for (let index = 1; index <= 20; index += 1) {
      journal.record(`/w/${index}.md`);
      const kept = Math.min(index, 3);
      expect(journal.changesSince(index - kept).paths).toEqual(
        Array.from({ length: kept }, (_, offset) => `/w/${index - kept + offset + 1}.md`),
      );
      if (index > 3) expect(journal.changesSince(index - 4).paths).toBeUndefined();
    }
  });
});
