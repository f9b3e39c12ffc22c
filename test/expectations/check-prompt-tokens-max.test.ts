import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/domain/index.js";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

function assembled(step: number, estimatedTokens: number, sessionKey = "agent:main:main"): AgentEvent {
  return {
    runId: "run-1",
    sessionKey,
    type: "context_assembled",
    step,
    messageCount: step * 2 + 1,
    estimatedTokens,
    chars: estimatedTokens * 4,
  };
}

function check(max: number, events: AgentEvent[]) {
  return checkOne(located({ type: "prompt-tokens-max", max }), { result: { events } });
}

describe("prompt-tokens-max", () => {
  it("passes when every model call stays within the bound, showing the largest", async () => {
    expect(await check(180_000, [assembled(1, 12_000), assembled(2, 180_000)])).toEqual({
      type: "prompt-tokens-max",
      pass: true,
      message: "prompt-tokens-max 180000: largest of 2 model calls: 180000 tokens (step 2, 5 messages)",
      expected: "every model call at most 180000 tokens",
      actual: "largest of 2 model calls: 180000 tokens (step 2, 5 messages)",
      location: TEST_LOCATION,
    });
  });

  it("fails naming how many calls exceeded it and the largest request, with its session when not the main one", async () => {
    const events = [assembled(1, 180_001), assembled(2, 9_000), assembled(1, 200_000, "agent:main:subagent:a1")];
    expect(await check(180_000, events)).toMatchObject({
      pass: false,
      message:
        "expected every model call at most 180000 tokens, but 2 of 3 model calls exceeded it; the largest carried 200000 tokens (step 1, 3 messages, session agent:main:subagent:a1)",
    });
  });

  it("fails a turn that made no model call", async () => {
    expect(await check(1000, [])).toMatchObject({
      pass: false,
      message:
        "expected every model call at most 1000 tokens, but the turn made no model call (no context_assembled event)",
      actual: "no model call (no context_assembled event)",
    });
  });
});
