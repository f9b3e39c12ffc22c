import { describe, expect, it } from "vitest";
import { createModelSummarizer } from "../../src/agent/create-model-summarizer.js";
import type { Model, ModelRequest, Usage } from "../../src/domain/index.js";
import { callContext } from "../support/scenario-turn.js";

const usage: Usage = { inputTokens: 1200, outputTokens: 300, cacheReadTokens: 0, cacheWriteTokens: 0 };

function model(reply: string | Error): { model: Model; requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    requests,
    model: {
      id: "fake:summariser",
      async complete(request) {
        requests.push(request);
        if (reply instanceof Error)
          return { ok: false, error: { kind: "server", message: reply.message, retryable: true } };
        return {
          ok: true,
          message: { role: "assistant", stopReason: "end_turn", content: [{ type: "text", text: reply }] },
          usage,
          costUsd: 0.002,
        };
      },
    },
  };
}

describe("createModelSummarizer", () => {
  it("sends one user message with purpose compaction and the output budget, and reports usage", async () => {
    const fake = model("## Decisions\n- kept");
    const seen: [Usage, number | null][] = [];
    const summarize = createModelSummarizer({
      model: fake.model,
      context: callContext([{ kind: "text", text: "turn script" }]),
      onUsage: (callUsage, cost) => seen.push([callUsage, cost]),
    });
    await expect(
      summarize({ systemPrompt: "summarise", userText: "<conversation>x</conversation>", maxTokens: 900 }),
    ).resolves.toBe("## Decisions\n- kept");
    expect(fake.requests[0]).toMatchObject({
      systemPrompt: "summarise",
      messages: [{ role: "user", content: "<conversation>x</conversation>" }],
      tools: [],
      maxTokens: 900,
      context: { purpose: "compaction" },
    });
    expect(seen).toEqual([[usage, 0.002]]);
  });

  it("rejects on a provider error and on an empty summary, naming the model", async () => {
    const failing = createModelSummarizer({ model: model(new Error("overloaded")).model, context: callContext([]) });
    await expect(failing({ systemPrompt: "", userText: "", maxTokens: 1 })).rejects.toThrow(
      "fake:summariser: overloaded",
    );
    const empty = createModelSummarizer({ model: model("  ").model, context: callContext([]) });
    await expect(empty({ systemPrompt: "", userText: "", maxTokens: 1 })).rejects.toThrow(/empty summary/);
  });

  it("rejects with an AbortError when the signal is already aborted, without calling the model", async () => {
    const fake = model("never");
    const summarize = createModelSummarizer({ model: fake.model, context: callContext([]) });
    const controller = new AbortController();
    controller.abort();
    await expect(
      summarize({ systemPrompt: "", userText: "", maxTokens: 1, signal: controller.signal }),
    ).rejects.toMatchObject({ name: "AbortError" });
    expect(fake.requests).toHaveLength(0);
  });
});
