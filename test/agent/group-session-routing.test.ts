// Messages from a group or channel run in that chat's own session (spec/loop.md §1), beside the
// main session, and every session a message opened ends with the unit.
import { describe, expect, it } from "vitest";
import { createHookRegistry } from "../../src/agent/create-hook-registry.js";
import { type MessageOrigin, OWNER_ORIGIN } from "../../src/domain/index.js";
import { createTestSession } from "../support/create-test-session.js";
import { scriptedTurn } from "../support/scenario-turn.js";

const FAMILY: MessageOrigin = { chat: "group", channel: "whatsapp", id: "chen-family", sender: "Mom", owner: false };

describe("group sessions", () => {
  it("routes a group message to agent:<id>:<channel>:group:<id> and ends every opened session once", async () => {
    const hooks = createHookRegistry();
    const ended: string[] = [];
    hooks.on(
      "session_end",
      (event) => {
        ended.push(String(event.sessionKey));
        return undefined;
      },
      { pluginId: "test" },
    );
    const { session } = createTestSession({ hooks });
    const group = await session.runTurn({
      turn: scriptedTurn([{ kind: "text", text: "Dinner is at 6." }], {
        index: 0,
        text: "When is dinner?",
        origin: FAMILY,
      }),
    });
    const direct = await session.runTurn({
      turn: scriptedTurn([{ kind: "text", text: "Hi!" }], { index: 1, text: "hello", origin: OWNER_ORIGIN }),
    });
    expect(new Set(group.events.map((event) => event.sessionKey))).toEqual(
      new Set(["agent:main:whatsapp:group:chen-family"]),
    );
    expect(new Set(direct.events.map((event) => event.sessionKey))).toEqual(new Set(["agent:main:main"]));
    expect(session.transcripts().map((record) => record.sessionKey)).toEqual([
      "agent:main:main",
      "agent:main:whatsapp:group:chen-family",
    ]);
    await session.end();
    await session.end();
    expect(ended).toEqual(["agent:main:main", "agent:main:whatsapp:group:chen-family"]);
  });
});
