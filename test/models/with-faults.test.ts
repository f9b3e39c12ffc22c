import { describe, expect, it } from "vitest";
import type { FaultKind, Model, ModelRequest, ModelResponse, ToolSpec } from "../../src/domain/index.js";
import { type InjectedFaultCall, withFaults } from "../../src/models/with-faults.js";
import { callContext } from "../support/scenario-turn.js";

const ALL_KINDS: FaultKind[] = ["429", "5xx", "timeout", "malformed", "empty"];
const READ_TOOL: ToolSpec = { name: "read", description: "Read a file", inputSchema: { type: "object" } };
const USAGE = { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 };

function request(tools: ToolSpec[] = []): ModelRequest {
  return { systemPrompt: "sys", messages: [{ role: "user", content: "hi" }], tools, context: callContext([]) };
}

function textResponse(text: string): ModelResponse {
  return {
    ok: true,
    message: { role: "assistant", content: [{ type: "text", text }], stopReason: "end_turn" },
    usage: USAGE,
    costUsd: 0.001,
  };
}

function fakeModel(respond: () => ModelResponse = () => textResponse("fine")): Model & { calls: number } {
  const model = {
    id: "fake",
    calls: 0,
    async complete(): Promise<ModelResponse> {
      model.calls += 1;
      return respond();
    },
  };
  return model;
}

/** The injected kind of each of `calls` calls (`-` when none), as recorded by `onFault`. */
async function faultSequence(options: { rate: number; kinds: FaultKind[]; seed?: number }, calls = 10) {
  const faults: InjectedFaultCall[] = [];
  const model = withFaults(fakeModel(), { ...options, onFault: (fault) => faults.push(fault) });
  for (let call = 0; call < calls; call++) await model.complete(request([READ_TOOL]));
  return Array.from({ length: calls }, (_, index) => faults.find((fault) => fault.call === index + 1)?.kind ?? "-");
}

describe("withFaults", () => {
  it("injects the same fault sequence for the same seed", async () => {
    const first = await faultSequence({ rate: 0.3, kinds: ALL_KINDS, seed: 7 });
    expect(first).toEqual(["429", "-", "-", "-", "-", "429", "-", "5xx", "timeout", "empty"]);
    expect(await faultSequence({ rate: 0.3, kinds: ALL_KINDS, seed: 7 })).toEqual(first);
    expect(await faultSequence({ rate: 0.3, kinds: ALL_KINDS, seed: 8 })).not.toEqual(first);
  });

  it("only adds faults as the rate grows, for one seed", async () => {
    const low = await faultSequence({ rate: 0.2, kinds: ALL_KINDS, seed: 3 }, 50);
    const high = await faultSequence({ rate: 0.6, kinds: ALL_KINDS, seed: 3 }, 50);
    low.forEach((kind, index) => {
      if (kind !== "-") expect(high[index]).toBe(kind);
    });
    expect(high.filter((kind) => kind !== "-").length).toBeGreaterThan(low.filter((kind) => kind !== "-").length);
  });

  it("never injects at rate 0 and always at rate 1", async () => {
    expect(await faultSequence({ rate: 0, kinds: ALL_KINDS, seed: 1 }, 100)).toEqual(Array(100).fill("-"));
    expect((await faultSequence({ rate: 1, kinds: ALL_KINDS, seed: 1 }, 100)).includes("-")).toBe(false);
  });

  it("draws only from the given kinds", async () => {
    const sequence = await faultSequence({ rate: 1, kinds: ["timeout", "empty"], seed: 5 }, 100);
    expect(new Set(sequence)).toEqual(new Set(["timeout", "empty"]));
  });

  it("returns marked, retryable errors without calling the inner model", async () => {
    const cases: [FaultKind, ModelResponse][] = [
      [
        "429",
        {
          ok: false,
          error: {
            kind: "rate_limit",
            message: "injected fault: 429 rate limit exceeded",
            status: 429,
            retryAfterMs: 1000,
            retryable: true,
          },
        },
      ],
      [
        "5xx",
        {
          ok: false,
          error: { kind: "server", message: "injected fault: 503 service unavailable", status: 503, retryable: true },
        },
      ],
      [
        "timeout",
        { ok: false, error: { kind: "timeout", message: "injected fault: request timed out", retryable: true } },
      ],
    ];
    for (const [kind, expected] of cases) {
      const inner = fakeModel();
      expect(await withFaults(inner, { rate: 1, kinds: [kind] }).complete(request())).toEqual({
        ...expected,
        injectedFaults: [{ kind, attempt: 1 }],
      });
      expect(inner.calls).toBe(0);
    }
  });

  it("empty: a successful empty end_turn message at no cost", async () => {
    const inner = fakeModel();
    expect(await withFaults(inner, { rate: 1, kinds: ["empty"] }).complete(request())).toEqual({
      ok: true,
      message: { role: "assistant", content: [], stopReason: "end_turn" },
      usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      costUsd: 0,
      injectedFaults: [{ kind: "empty", attempt: 1 }],
    });
    expect(inner.calls).toBe(0);
  });

  it("malformed: the first tool call gets invalid JSON arguments", async () => {
    const inner = fakeModel(() => ({
      ok: true,
      message: {
        role: "assistant",
        content: [
          { type: "text", text: "reading" },
          { type: "tool_call", id: "c1", name: "read", input: { path: "a.md" } },
          { type: "tool_call", id: "c2", name: "read", input: { path: "b.md" } },
        ],
        stopReason: "tool_use",
      },
      usage: USAGE,
      costUsd: 0.001,
    }));
    const response = await withFaults(inner, { rate: 1, kinds: ["malformed"] }).complete(request([READ_TOOL]));
    expect(response).toEqual({
      ok: true,
      message: {
        role: "assistant",
        content: [
          { type: "text", text: "reading" },
          { type: "tool_call", id: "c1", name: "read", input: {}, invalidInput: 'injected fault: {"path":"a.md"' },
          { type: "tool_call", id: "c2", name: "read", input: { path: "b.md" } },
        ],
        stopReason: "tool_use",
      },
      usage: USAGE,
      costUsd: 0.001,
      injectedFaults: [{ kind: "malformed", attempt: 1 }],
    });
    expect(inner.calls).toBe(1);
    const invalid = response.ok ? response.message.content[1] : undefined;
    expect(() => JSON.parse(invalid?.type === "tool_call" ? (invalid.invalidInput ?? "") : "")).toThrow();
  });

  it("malformed: without a tool call, adds one to the first offered tool, else breaks the text", async () => {
    const withTools = await withFaults(fakeModel(), { rate: 1, kinds: ["malformed"] }).complete(request([READ_TOOL]));
    expect(withTools.ok && withTools.message).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "fine" },
        { type: "tool_call", id: "injected_fault_1", name: "read", input: {}, invalidInput: "injected fault: {" },
      ],
      stopReason: "tool_use",
    });
    const withoutTools = await withFaults(fakeModel(), { rate: 1, kinds: ["malformed"] }).complete(request());
    expect(withoutTools.ok && withoutTools.message).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "injected fault: malformed response" }],
      stopReason: "end_turn",
    });
  });

  it("malformed: an inner error passes through unchanged but for the fault it reports", async () => {
    const failing: ModelResponse = { ok: false, error: { kind: "auth", message: "no key", retryable: false } };
    const model = withFaults(
      fakeModel(() => failing),
      { rate: 1, kinds: ["malformed"] },
    );
    expect(await model.complete(request([READ_TOOL]))).toEqual({
      ...failing,
      injectedFaults: [{ kind: "malformed", attempt: 1 }],
    });
  });
});
