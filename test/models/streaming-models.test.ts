import { describe, expect, it } from "vitest";
import type { Model, ModelRequest, ModelResponse, ScriptStep } from "../../src/domain/index.js";
import { ZERO_USAGE } from "../../src/domain/index.js";
import type { Cassette } from "../../src/models/cassette-file.js";
import type { CassetteStore } from "../../src/models/cassette-store.js";
import { createReplayModel } from "../../src/models/create-replay-model.js";
import { createScriptedModel } from "../../src/models/scripted-model.js";
import { createSimulatedModel } from "../../src/models/simulated-model.js";
import { withCassetteRecording } from "../../src/models/with-cassette-recording.js";
import { withRetries } from "../../src/models/with-retries.js";
import { callContext } from "../support/scenario-turn.js";

/** A request that records what streams: deltas as strings, restarts as `"<restart>"`. */
function streamingRequest(script: ScriptStep[], overrides: Partial<ModelRequest> = {}) {
  const heard: string[] = [];
  const request: ModelRequest = {
    systemPrompt: "sys",
    messages: [{ role: "user", content: "hello" }],
    tools: [],
    context: callContext(script),
    onTextDelta: (delta) => heard.push(delta),
    onTextRestart: () => heard.push("<restart>"),
    ...overrides,
  };
  return { request, heard };
}

function textOf(response: ModelResponse): string {
  if (!response.ok) throw new Error(`expected a message, got ${response.error.message}`);
  return response.message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

describe("scripted model streaming", () => {
  it("streams a text step in word pieces that concatenate to the reply", async () => {
    const { request, heard } = streamingRequest([{ kind: "text", text: "All good.\n\nNO_REPLY" }]);
    const response = await createScriptedModel().complete(request);
    expect(heard).toEqual(["All", " good.", "\n\nNO_RE", "PLY"]);
    expect(textOf(response)).toBe(heard.join(""));
  });

  it("streams the text of a tool step and nothing for its calls", async () => {
    const step: ScriptStep = { kind: "tool_calls", text: "Let me look.", calls: [{ name: "read", input: {} }] };
    const { request, heard } = streamingRequest([step]);
    await createScriptedModel().complete(request);
    expect(heard).toEqual(["Let", " me", " look."]);
  });

  it("streams nothing for an error step, and nothing without onTextDelta", async () => {
    const failing = streamingRequest([{ kind: "error", status: 500, message: "boom" }]);
    expect((await createScriptedModel().complete(failing.request)).ok).toBe(false);
    expect(failing.heard).toEqual([]);
    const { onTextDelta: _unused, ...plain } = streamingRequest([{ kind: "text", text: "hi" }]).request;
    expect(textOf(await createScriptedModel().complete(plain))).toBe("hi");
  });

  it("streams a simulated model's canned reply", async () => {
    const model = createSimulatedModel({
      id: "simulated:t",
      rates: { quiet: 0, alert: 0, "silent-expected": 0, "reply-expected": 0 },
    });
    const { request, heard } = streamingRequest([], { context: callContext([], { category: "silent-expected" }) });
    const response = await model.complete(request);
    expect(heard.join("")).toBe(textOf(response));
    expect(heard.length).toBeGreaterThan(1);
  });
});

describe("replayed models stream too", () => {
  it("records through the streaming inner model and replays the text in pieces under the same key", async () => {
    const files = new Map<string, Cassette>();
    const store: CassetteStore = {
      read: async (path) => files.get(path),
      write: async (path, cassette) => {
        files.set(path, cassette);
      },
    };
    const recording = withCassetteRecording(createScriptedModel(), { store, cassettePath: "/c/1.json", paths: [] });
    const live = streamingRequest([{ kind: "text", text: "Stock is fine today." }]);
    await recording.complete(live.request);
    await recording.flush();
    expect(live.heard).toEqual(["Stock", " is", " fine", " today", "."]);

    const replay = createReplayModel({ id: "scripted", store, cassettePath: "/c/1.json", paths: [] });
    const replayed = streamingRequest([]);
    const response = await replay.complete(replayed.request);
    expect(textOf(response)).toBe("Stock is fine today.");
    expect(replayed.heard).toEqual(live.heard);
  });
});

describe("withRetries and streaming", () => {
  it("tells the caller to restart when an attempt that streamed text is retried", async () => {
    let calls = 0;
    const flaky: Model = {
      id: "flaky",
      async complete(request) {
        calls += 1;
        request.onTextDelta?.(calls === 1 ? "NO_RE" : "Fine");
        if (calls === 1) return { ok: false, error: { kind: "server", message: "dropped", retryable: true } };
        const message = { role: "assistant" as const, content: [{ type: "text" as const, text: "Fine" }] };
        return { ok: true, message: { ...message, stopReason: "end_turn" }, usage: ZERO_USAGE, costUsd: 0 };
      },
    };
    const model = withRetries(flaky, { sleep: async () => {}, random: () => 0 });
    const { request, heard } = streamingRequest([]);
    expect(textOf(await model.complete(request))).toBe("Fine");
    expect(heard).toEqual(["NO_RE", "<restart>", "Fine"]);
  });

  it("does not restart after an attempt that streamed nothing", async () => {
    const model = withRetries(
      createScriptedModel({
        source: [
          { kind: "error", status: 503, message: "busy" },
          { kind: "text", text: "ok" },
        ],
      }),
      { sleep: async () => {}, random: () => 0 },
    );
    const { request, heard } = streamingRequest([]);
    await model.complete(request);
    expect(heard).toEqual(["ok"]);
  });
});
