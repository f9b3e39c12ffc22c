import { describe, expect, it } from "vitest";
import { createTestSession } from "../support/create-test-session.js";
import { scriptedTurn } from "../support/scenario-turn.js";

describe("/new and /reset (memory.md §9.3)", () => {
  it("saves the conversation to a dated note, ends the session and starts the next run fresh", async () => {
    const { session, runtime, events } = createTestSession({ now: Date.parse("2026-03-15T14:30:05Z") });
    await session.runTurn({
      turn: scriptedTurn([{ kind: "text", text: "Booked for Friday." }], { text: "Book the dentist" }),
    });
    const reset = await session.runTurn({ turn: scriptedTurn([], { text: "/reset", index: 1 }) });
    expect(reset.reply).toBe("The session was reset.");
    const note = await runtime.fs.readText(`${runtime.root}/memory/2026-03-15-1430.md`);
    expect(note).toContain("- **Source**: command:reset");
    expect(note).toContain("user: Book the dentist\nassistant: Booked for Friday.");
    expect(events.filter((event) => event.type === "memory_snapshot")).toMatchObject([
      { path: "memory/2026-03-15-1430.md", status: "written" },
    ]);
    await session.runTurn({ turn: scriptedTurn([{ kind: "text", text: "Hello again." }], { text: "hi", index: 2 }) });
    expect(session.history.map((message) => message.role)).toEqual(["user", "assistant"]);
    const records = session.transcripts();
    expect(records).toHaveLength(2);
    expect(records[0]?.sessionId).not.toBe(records[1]?.sessionId);
  });

  it("appends a second snapshot in the same minute instead of overwriting the first", async () => {
    const { session, runtime } = createTestSession({ now: Date.parse("2026-03-15T14:30:05Z") });
    await session.runTurn({ turn: scriptedTurn([{ kind: "text", text: "one" }], { text: "first topic" }) });
    await session.runTurn({ turn: scriptedTurn([], { text: "/new", index: 1 }) });
    await session.runTurn({ turn: scriptedTurn([{ kind: "text", text: "two" }], { text: "second topic", index: 2 }) });
    await session.runTurn({ turn: scriptedTurn([], { text: "/new", index: 3 }) });
    const note = await runtime.fs.readText(`${runtime.root}/memory/2026-03-15-1430.md`);
    expect(note.indexOf("user: first topic")).toBeGreaterThan(-1);
    expect(note.indexOf("user: second topic")).toBeGreaterThan(note.indexOf("user: first topic"));
  });

  it("writes no note when the session-memory hook is disabled", async () => {
    const { session, runtime } = createTestSession({
      now: Date.parse("2026-03-15T14:30:05Z"),
      config: { hooks: { internal: { entries: { "session-memory": { enabled: false } } } } },
    });
    await session.runTurn({ turn: scriptedTurn([{ kind: "text", text: "one" }], { text: "first topic" }) });
    await session.runTurn({ turn: scriptedTurn([], { text: "/new", index: 1 }) });
    expect(await runtime.fs.stat(`${runtime.root}/memory/2026-03-15-1430.md`)).toBeUndefined();
  });
});
