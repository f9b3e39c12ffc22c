import { describe, expect, it } from "vitest";
import { collectStreamedReplies, findStreamedTokenLeak } from "../../src/agent/collect-streamed-replies.js";
import type { AgentEvent } from "../../src/domain/index.js";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

/** A run's model call: `message_start`, then one `message_update` per delta. */
function streamedCall(runId: string, deltas: readonly string[], sessionKey = "agent:main:main"): AgentEvent[] {
  return [
    { runId, sessionKey, type: "message_start", role: "assistant" },
    ...deltas.map((delta): AgentEvent => ({ runId, sessionKey, type: "message_update", delta })),
  ];
}

const streaming = { scenario: { stream: true } };

describe("stream-clean", () => {
  it("passes true when no streamed reply shows a silent token", async () => {
    const events = [...streamedCall("r1", ["Hello", " there"]), ...streamedCall("r1", ["NO"])];
    const result = await checkOne(located({ type: "stream-clean", value: true }), { ...streaming, result: { events } });
    expect(result).toEqual({
      type: "stream-clean",
      pass: true,
      message: "stream-clean true",
      expected: "no NO_REPLY or HEARTBEAT_OK in any streamed reply",
      actual: "no silent token (2 streamed replies)",
      location: TEST_LOCATION,
    });
  });

  it("passes true for a turn whose every reply was held back", async () => {
    const result = await checkOne(located({ type: "stream-clean", value: true }), {
      ...streaming,
      result: { events: streamedCall("r1", []) },
    });
    expect(result).toMatchObject({ pass: true, actual: "no silent token (nothing was streamed)" });
  });

  it("fails true with the leaked token, the reply and an excerpt", async () => {
    const events = [
      ...streamedCall("r1", ["Sure."]),
      ...streamedCall("r2", ["Done", " with the report for today, all filed.", "\n\nNO_RE", "PLY"]),
    ];
    const result = await checkOne(located({ type: "stream-clean", value: true }), { ...streaming, result: { events } });
    const leak = 'NO_REPLY in streamed reply 2 of 2 (run r2): "… with the report for today, all filed.\\n\\nNO_REPLY"';
    expect(result).toEqual({
      type: "stream-clean",
      pass: false,
      message: `a silent token leaked while streaming: ${leak}`,
      expected: "no NO_REPLY or HEARTBEAT_OK in any streamed reply",
      actual: leak,
      location: TEST_LOCATION,
    });
  });

  it("does not join deltas across model calls into a false leak", async () => {
    const events = [...streamedCall("r1", ["NO_"]), ...streamedCall("r1", ["REPLY is not here"])];
    const result = await checkOne(located({ type: "stream-clean", value: true }), { ...streaming, result: { events } });
    expect(result.pass).toBe(true);
  });

  it("passes false when a streamed reply leaked HEARTBEAT_OK, and fails false when none did", async () => {
    const leaked = streamedCall("r1", ["All clear ", "HEART", "BEAT_", "OK"]);
    const pass = await checkOne(located({ type: "stream-clean", value: false }), {
      ...streaming,
      result: { events: leaked },
    });
    expect(pass).toMatchObject({ pass: true, message: "stream-clean false" });
    const clean = streamedCall("r1", ["All clear"]);
    const fail = await checkOne(located({ type: "stream-clean", value: false }), {
      ...streaming,
      result: { events: clean },
    });
    expect(fail).toEqual({
      type: "stream-clean",
      pass: false,
      message: "expected a silent token in the streamed text, but none leaked (1 streamed reply)",
      expected: "NO_REPLY or HEARTBEAT_OK in a streamed reply",
      actual: "no silent token (1 streamed reply)",
      location: TEST_LOCATION,
    });
  });

  it("fails either way in a scenario that does not stream", async () => {
    for (const value of [true, false]) {
      const result = await checkOne(located({ type: "stream-clean", value }), { result: { events: [] } });
      expect(result).toMatchObject({
        pass: false,
        message: "stream-clean needs a streamed turn: set `stream: true` on the scenario or run with --stream",
        actual: "the scenario does not stream",
      });
    }
  });
});

describe("collectStreamedReplies", () => {
  it("keeps overlapping runs apart and starts a new reply at each message_start", () => {
    const events: AgentEvent[] = [
      ...streamedCall("a", ["one"]),
      ...streamedCall("b", ["child"], "agent:main:subagent:x"),
      { runId: "a", sessionKey: "agent:main:main", type: "message_update", delta: " more" },
      ...streamedCall("a", ["two"]),
    ];
    expect(collectStreamedReplies(events)).toEqual([
      { runId: "a", sessionKey: "agent:main:main", text: "one more" },
      { runId: "b", sessionKey: "agent:main:subagent:x", text: "child" },
      { runId: "a", sessionKey: "agent:main:main", text: "two" },
    ]);
  });

  it("finds the earlier of the two tokens, case-sensitively", () => {
    expect(findStreamedTokenLeak("x HEARTBEAT_OK then NO_REPLY")).toEqual({ token: "HEARTBEAT_OK", index: 2 });
    expect(findStreamedTokenLeak("no_reply heartbeat_ok")).toBeUndefined();
  });
});
