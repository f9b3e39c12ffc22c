import { describe, expect, it } from "vitest";
import type { Model, ModelError, ModelRequest, ModelResponse } from "../../src/domain/index.js";
import { ZERO_USAGE } from "../../src/domain/index.js";
import { type RetryInfo, withRetries } from "../../src/models/with-retries.js";
import { createSeededRandom } from "../../src/platform/create-seeded-random.js";
import { callContext } from "../support/scenario-turn.js";

const OK: ModelResponse = {
  ok: true,
  message: { role: "assistant", content: [{ type: "text", text: "done" }], stopReason: "end_turn" },
  usage: ZERO_USAGE,
  costUsd: 0,
};
const SERVER: ModelError = { kind: "server", message: "503 overloaded", status: 503, retryable: true };
const TIMEOUT: ModelError = { kind: "timeout", message: "timed out", retryable: true };
const AUTH: ModelError = { kind: "auth", message: "invalid key", status: 401, retryable: false };

function request(signal?: AbortSignal): ModelRequest {
  return {
    systemPrompt: "sys",
    messages: [{ role: "user", content: "hi" }],
    tools: [],
    context: callContext([]),
    ...(signal ? { signal } : {}),
  };
}

/** Plays the responses in order (the last one repeats) and counts calls. */
function fakeModel(responses: (ModelResponse | ModelError)[]): Model & { calls: number } {
  const model = {
    id: "fake",
    calls: 0,
    async complete(): Promise<ModelResponse> {
      const next = responses[Math.min(model.calls, responses.length - 1)]!;
      model.calls += 1;
      return "kind" in next ? { ok: false, error: next } : next;
    },
  };
  return model;
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe("withRetries", () => {
  it("waits a full-jitter exponential backoff, exact for a seed, then succeeds", async () => {
    const inner = fakeModel([SERVER, TIMEOUT, SERVER, OK]);
    const { waits, sleep } = recordingSleep();
    const retries: RetryInfo[] = [];
    const model = withRetries(inner, {
      sleep,
      random: createSeededRandom(42),
      onRetry: (info) => retries.push(info),
    });
    expect(await model.complete(request())).toEqual(OK);
    // seed 42 draws 0.601, 0.448, 0.852 against ceilings 500, 1000, 2000
    expect(waits).toEqual([300, 448, 1704]);
    expect(retries).toEqual([
      { attempt: 1, delayMs: 300, error: SERVER },
      { attempt: 2, delayMs: 448, error: TIMEOUT },
      { attempt: 3, delayMs: 1704, error: SERVER },
    ]);
    expect(inner.calls).toBe(4);
    expect(model.id).toBe("fake");
  });

  it("caps the backoff at maxDelayMs", async () => {
    const { waits, sleep } = recordingSleep();
    const model = withRetries(fakeModel([SERVER]), {
      maxAttempts: 6,
      baseDelayMs: 1000,
      maxDelayMs: 3000,
      sleep,
      random: () => 0.999,
    });
    await model.complete(request());
    expect(waits).toEqual([999, 1998, 2997, 2997, 2997]);
  });

  it("honours a rate limit's retry-after instead of the backoff", async () => {
    const limited: ModelError = {
      kind: "rate_limit",
      message: "429",
      status: 429,
      retryAfterMs: 7000,
      retryable: true,
    };
    const unspecified: ModelError = { kind: "rate_limit", message: "429", status: 429, retryable: true };
    const { waits, sleep } = recordingSleep();
    const model = withRetries(fakeModel([limited, unspecified, OK]), { sleep, random: () => 0.5 });
    expect(await model.complete(request())).toEqual(OK);
    expect(waits).toEqual([7000, 500]);
  });

  it("gives up at once when retry-after is longer than maxDelayMs", async () => {
    const limited: ModelError = {
      kind: "rate_limit",
      message: "quota",
      status: 429,
      retryAfterMs: 60_000,
      retryable: true,
    };
    const { waits, sleep } = recordingSleep();
    const inner = fakeModel([limited]);
    const response = await withRetries(inner, { maxDelayMs: 30_000, sleep, random: () => 0 }).complete(request());
    expect(response).toEqual({
      ok: false,
      error: {
        ...limited,
        message:
          "gave up after 1 attempt (the provider asked to wait 60000 ms, more than maxDelayMs (30000 ms)): quota",
      },
    });
    expect(waits).toEqual([]);
    expect(inner.calls).toBe(1);
  });

  it("makes at most maxAttempts calls and returns the last error saying so", async () => {
    const inner = fakeModel([TIMEOUT, TIMEOUT, SERVER]);
    const { waits, sleep } = recordingSleep();
    const response = await withRetries(inner, { maxAttempts: 3, sleep, random: () => 0 }).complete(request());
    expect(response).toEqual({ ok: false, error: { ...SERVER, message: "gave up after 3 attempts: 503 overloaded" } });
    expect(inner.calls).toBe(3);
    expect(waits).toEqual([0, 0]);
  });

  it("returns a non-retryable error at once, unchanged", async () => {
    const inner = fakeModel([AUTH, OK]);
    const { waits, sleep } = recordingSleep();
    expect(await withRetries(inner, { sleep, random: () => 0 }).complete(request())).toEqual({
      ok: false,
      error: AUTH,
    });
    expect(inner.calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it("stops waiting when the request is aborted", async () => {
    const controller = new AbortController();
    const inner = fakeModel([SERVER, OK]);
    const sleep = (_ms: number, signal?: AbortSignal) =>
      new Promise<void>((_resolve, reject) => {
        signal?.addEventListener("abort", () => reject(new Error("sleep aborted")));
        controller.abort();
      });
    const response = await withRetries(inner, { sleep, random: () => 0 }).complete(request(controller.signal));
    expect(response).toEqual({
      ok: false,
      error: { kind: "aborted", message: "aborted while waiting to retry", retryable: false },
    });
    expect(inner.calls).toBe(1);
  });

  it("turns a failing sleep into an error result instead of throwing", async () => {
    const sleep = async () => {
      throw new Error("clock broke");
    };
    const response = await withRetries(fakeModel([SERVER]), { sleep, random: () => 0 }).complete(request());
    expect(response).toEqual({
      ok: false,
      error: { kind: "other", message: "waiting to retry failed: clock broke", retryable: false },
    });
  });

  it("gathers the injected faults of every attempt onto the response, numbered by attempt", async () => {
    const faulted = (error: ModelError, kind: "5xx" | "timeout"): ModelResponse => ({
      ok: false,
      error,
      injectedFaults: [{ kind, attempt: 1 }],
    });
    const responses = [faulted(SERVER, "5xx"), faulted(TIMEOUT, "timeout"), OK];
    let call = 0;
    const inner: Model = { id: "fake", complete: async () => responses[call++] ?? OK };
    const model = withRetries(inner, { sleep: async () => {}, random: createSeededRandom(1) });
    expect(await model.complete(request())).toEqual({
      ...OK,
      injectedFaults: [
        { kind: "5xx", attempt: 1 },
        { kind: "timeout", attempt: 2 },
      ],
    });
    expect(await model.complete(request())).toEqual(OK);
  });
});
