import { describe, expect, it } from "vitest";
import { buildSessionSnapshot } from "../../src/memory/build-session-snapshot.js";

const at = Date.parse("2026-03-15T14:30:05Z");

describe("buildSessionSnapshot (memory.md §9.3)", () => {
  it("names the file by date and HHMM when no slug is given, with the header and the conversation", () => {
    const snapshot = buildSessionSnapshot({
      messages: [
        { role: "user", content: "Book the dentist\nfor Friday" },
        { role: "assistant", stopReason: "end_turn", content: [{ type: "text", text: "Booked for 10:00." }] },
        { role: "user", content: "/compact now" },
        {
          role: "tool_result",
          toolCallId: "c",
          toolName: "read",
          isError: false,
          content: [{ type: "text", text: "x" }],
        },
      ],
      sessionKey: "agent:main:main",
      sessionId: "session-1",
      source: "command:new",
      now: at,
      maxMessages: 15,
    });
    expect(snapshot.path).toBe("memory/2026-03-15-1430.md");
    expect(snapshot.content).toBe(
      [
        "# Session: 2026-03-15 14:30:05 UTC",
        "",
        "- **Session Key**: agent:main:main",
        "- **Session ID**: session-1",
        "- **Source**: command:new",
        "",
        "## Conversation Summary",
        "",
        "user: Book the dentist for Friday",
        "assistant: Booked for 10:00.",
        "",
      ].join("\n"),
    );
  });

  it("keeps only the last messages, and omits the summary when there is nothing to keep", () => {
    const messages = Array.from({ length: 20 }, (_, index) => ({ role: "user" as const, content: `m${index}` }));
    const kept = buildSessionSnapshot({
      messages,
      sessionKey: "k",
      sessionId: undefined,
      source: undefined,
      now: at,
      maxMessages: 3,
      slug: "trip",
    });
    expect(kept.path).toBe("memory/2026-03-15-trip.md");
    expect(kept.content).toContain("- **Session ID**: unknown\n- **Source**: unknown");
    expect(kept.content.trimEnd().split("\n").slice(-3)).toEqual(["user: m17", "user: m18", "user: m19"]);
    const empty = buildSessionSnapshot({
      messages: [],
      sessionKey: "k",
      sessionId: "s",
      source: "command:reset",
      now: at,
      maxMessages: 15,
    });
    expect(empty.content).not.toContain("## Conversation Summary");
  });
});
