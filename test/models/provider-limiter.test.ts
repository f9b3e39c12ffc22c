import { describe, expect, it } from "vitest";
import type { Model, ModelRequest, ModelResponse } from "../../src/domain/index.js";
import { ClawEvalError, ZERO_USAGE } from "../../src/domain/index.js";
import { createProviderLimiter } from "../../src/models/create-provider-limiter.js";
import { callContext } from "../support/scenario-turn.js";

const OK: ModelResponse = {
  ok: true,
  message: { role: "assistant", content: [{ type: "text", text: "ok" }], stopReason: "end_turn" },
  usage: ZERO_USAGE,
  costUsd: 0,
};
const RATE_LIMITED: ModelResponse = {
  ok: false,
  error: { kind: "rate_limit", message: "429", status: 429, retryAfterMs: 5000, retryable: true },
};

function request(signal?: AbortSignal): ModelRequest {
  return {
    systemPrompt: "sys",
    messages: [{ role: "user", content: "hi" }],
    tools: [],
    context: callContext([]),
    ...(signal ? { signal } : {}),
  };
}

/** A model whose calls stay open until released; it tracks how many run at once. */
function gatedModel(id = "gated") {
  const pending: ((response: ModelResponse) => void)[] = [];
  const state = { active: 0, maxActive: 0, calls: 0 };
  const model: Model = {
    id,
    complete: () =>
      new Promise<ModelResponse>((resolve) => {
        state.calls += 1;
        state.active += 1;
        state.maxActive = Math.max(state.maxActive, state.active);
        pending.push((response) => {
          state.active -= 1;
          resolve(response);
        });
      }),
  };
  const release = (response: ModelResponse = OK) => pending.shift()?.(response);
  return { model, state, release };
}

/** A fake clock whose sleep advances time instantly and records each wait. */
function fakeClock(start = 1_000_000) {
  const clock = { time: start, waits: [] as number[] };
  const sleep = async (ms: number) => {
    clock.waits.push(ms);
    clock.time += ms;
  };
  return { clock, sleep, now: () => clock.time };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("createProviderLimiter", () => {
  it("bounds concurrent calls per provider, across wrapped models", async () => {
    const { sleep, now } = fakeClock();
    const limiter = createProviderLimiter({ limits: { anthropic: 2 }, sleep, now });
    const a = gatedModel("a");
    const b = gatedModel("b");
    const first = limiter.wrap("anthropic", a.model);
    const second = limiter.wrap("anthropic", b.model);
    const results = [first, second, first, second].map((model) => model.complete(request()));
    await flush();
    expect(a.state.calls + b.state.calls).toBe(2);
    a.release();
    await flush();
    expect(a.state.calls + b.state.calls).toBe(3);
    for (let round = 0; round < 4; round++) {
      a.release();
      b.release();
      await flush();
    }
    expect(await Promise.all(results)).toEqual([OK, OK, OK, OK]);
    expect(a.state.maxActive + b.state.maxActive).toBeLessThanOrEqual(2);
  });

  it("keeps providers apart and leaves providers without a limit unbounded", async () => {
    const { sleep, now } = fakeClock();
    const limiter = createProviderLimiter({ limits: { anthropic: 1 }, sleep, now });
    const anthropic = gatedModel();
    const openai = gatedModel();
    const calls = [
      ...[1, 2].map(() => limiter.wrap("anthropic", anthropic.model).complete(request())),
      ...[1, 2, 3].map(() => limiter.wrap("openai", openai.model).complete(request())),
    ];
    await flush();
    expect([anthropic.state.active, openai.state.active]).toEqual([1, 3]);
    for (let round = 0; round < 3; round++) {
      anthropic.release();
      openai.release();
      openai.release();
      openai.release();
      await flush();
    }
    await Promise.all(calls);
  });

  it("pauses the provider's queue for a rate limit's retry-after, then lets calls through", async () => {
    const { clock, sleep, now } = fakeClock();
    const limiter = createProviderLimiter({ limits: { openai: 4 }, sleep, now });
    const gated = gatedModel();
    const model = limiter.wrap("openai", gated.model);
    const limited = model.complete(request());
    await flush();
    gated.release(RATE_LIMITED);
    expect(await limited).toEqual(RATE_LIMITED);
    expect(limiter.pausedUntil("openai")).toBe(1_005_000);
    expect(limiter.pausedUntil("anthropic")).toBeUndefined();

    clock.time += 2000;
    const later = model.complete(request());
    await flush();
    expect(clock.waits).toEqual([3000]);
    expect(gated.state.calls).toBe(2);
    gated.release();
    expect(await later).toEqual(OK);
    expect(limiter.pausedUntil("openai")).toBeUndefined();
  });

  it("returns an aborted error for a call aborted while queued", async () => {
    const { sleep, now } = fakeClock();
    const limiter = createProviderLimiter({ limits: { anthropic: 1 }, sleep, now });
    const gated = gatedModel();
    const model = limiter.wrap("anthropic", gated.model);
    const running = model.complete(request());
    const controller = new AbortController();
    const queued = model.complete(request(controller.signal));
    await flush();
    controller.abort();
    expect(await queued).toEqual({
      ok: false,
      error: { kind: "aborted", message: "aborted while queued for the provider", retryable: false },
    });
    gated.release();
    await running;
    await flush();
    expect(gated.state.calls).toBe(1);
  });

  it("rejects a limit that is not a positive integer", () => {
    const { sleep, now } = fakeClock();
    expect(() => createProviderLimiter({ limits: { openai: 0 }, sleep, now })).toThrow(ClawEvalError);
    expect(() => createProviderLimiter({ limits: {}, defaultLimit: 1.5, sleep, now })).toThrow(
      "defaultLimit: expected a positive integer, found 1.5",
    );
  });
});
