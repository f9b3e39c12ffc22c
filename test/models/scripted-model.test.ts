import { describe, expect, it } from "vitest";
import type { ModelRequest, ScriptStep } from "../../src/domain/index.js";
import { createModel } from "../../src/models/create-model.js";
import { createScriptedModel } from "../../src/models/scripted-model.js";
import { callContext } from "../support/scenario-turn.js";

function request(script: ScriptStep[], text = "hello", turnIndex = 0): ModelRequest {
  return {
    systemPrompt: "sys",
    messages: [{ role: "user", content: text }],
    tools: [],
    context: callContext(script, { turnIndex, input: text }),
  };
}

describe("scripted model", () => {
  it("plays a turn's steps in order across calls and records every request", async () => {
    const model = createScriptedModel();
    const script: ScriptStep[] = [
      { kind: "tool_calls", calls: [{ name: "read", input: { path: "a.md" } }] },
      { kind: "text", text: "done" },
    ];
    const first = await model.complete(request(script));
    const second = await model.complete(request(script));
    expect(first).toEqual({
      ok: true,
      message: {
        role: "assistant",
        content: [{ type: "tool_call", id: "call_1_1_1", name: "read", input: { path: "a.md" } }],
        stopReason: "tool_use",
      },
      usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      costUsd: 0,
    });
    expect(second.ok && second.message.content).toEqual([{ type: "text", text: "done" }]);
    expect(model.requests).toHaveLength(2);
  });

  it("keeps a separate cursor per turn", async () => {
    const model = createScriptedModel();
    const a = await model.complete(request([{ kind: "text", text: "one" }], "x", 0));
    const b = await model.complete(request([{ kind: "text", text: "two" }], "y", 1));
    expect(a.ok && a.message.content).toEqual([{ type: "text", text: "one" }]);
    expect(b.ok && b.message.content).toEqual([{ type: "text", text: "two" }]);
  });

  it("names the scenario and turn when the script runs out", async () => {
    const model = createScriptedModel();
    const response = await model.complete(request([]));
    expect(response.ok).toBe(false);
    if (!response.ok) {
      expect(response.error.kind).toBe("script");
      expect(response.error.message).toContain('scenario "demo" turn 1');
      expect(response.error.message).toContain("has 0 steps");
    }
  });

  it("plays error steps as error results", async () => {
    const model = createScriptedModel();
    const response = await model.complete(
      request([{ kind: "error", status: 429, message: "slow down", retryAfterMs: 1000 }]),
    );
    expect(response).toEqual({
      ok: false,
      error: { kind: "rate_limit", message: "slow down", status: 429, retryAfterMs: 1000, retryable: true },
    });
  });

  it("echoes the user's text as scripted:echo", async () => {
    const created = createModel("scripted:echo");
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const response = await created.model.complete(request([], "ping 你好"));
    expect(response.ok && response.message.content).toEqual([{ type: "text", text: "ping 你好" }]);
  });

  it("rejects unknown model ids with a message listing providers", () => {
    expect(createModel("nope:x")).toEqual({
      ok: false,
      error: 'unknown model "nope:x": expected one of scripted[:...], simulated[:...], anthropic[:...], openai[:...]',
    });
    expect(createModel("scripted:other").ok).toBe(false);
  });
});
