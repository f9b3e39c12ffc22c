import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ModelRequest } from "../../src/domain/index.js";
import { createAnthropicModel } from "../../src/models/anthropic-model.js";
import { withRetries } from "../../src/models/with-retries.js";
import { createSeededRandom } from "../../src/platform/create-seeded-random.js";
import { ANTHROPIC_TEST_BASE_URL, anthropicError, anthropicMessage } from "../support/msw-anthropic.js";
import { callContext } from "../support/scenario-turn.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const request: ModelRequest = {
  systemPrompt: "sys",
  messages: [{ role: "user", content: "hi" }],
  tools: [],
  context: callContext([]),
};

/** Answers with the given statuses in turn (then success), recording the call count. */
function sequence(failures: Response[]) {
  let calls = 0;
  server.use(
    http.post(`${ANTHROPIC_TEST_BASE_URL}/v1/messages`, () => {
      calls += 1;
      const failure = failures[calls - 1];
      if (failure) return failure;
      return HttpResponse.json(
        anthropicMessage({
          content: [{ type: "text", text: "ok" }],
          stop_reason: "end_turn",
          usage: { input_tokens: 3, output_tokens: 1 },
        }),
      );
    }),
  );
  return () => calls;
}

function model(waits: number[]) {
  const inner = createAnthropicModel({
    id: "anthropic:claude-test-1",
    model: "claude-test-1",
    apiKey: "k",
    baseURL: ANTHROPIC_TEST_BASE_URL,
  });
  return withRetries(inner, {
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: createSeededRandom(7),
    maxAttempts: 4,
  });
}

describe("retries over the real Anthropic SDK (msw)", () => {
  it("waits the 429's retry-after, then succeeds", async () => {
    const calls = sequence([anthropicError(429, "rate_limit_error", { "retry-after": "2" })]);
    const waits: number[] = [];
    const response = await model(waits).complete(request);
    expect(response.ok).toBe(true);
    expect(calls()).toBe(2);
    expect(waits).toEqual([2000]);
  });

  it("backs off on 5xx with growing, jittered delays and gives up after the bounded attempts", async () => {
    const calls = sequence([
      anthropicError(500, "api_error"),
      anthropicError(529, "overloaded_error"),
      anthropicError(503, "api_error"),
      anthropicError(500, "api_error"),
    ]);
    const waits: number[] = [];
    const response = await model(waits).complete(request);
    expect(calls()).toBe(4);
    expect(response.ok).toBe(false);
    if (!response.ok) expect(response.error.message).toMatch(/gave up after 4 attempts/);
    expect(waits).toHaveLength(3);
    waits.forEach((wait, index) => {
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThan(500 * 2 ** index);
    });
  });
});
