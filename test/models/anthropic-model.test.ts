import { delay, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ModelMessage, ModelRequest, ModelResponse, ToolSpec } from "../../src/domain/index.js";
import { type AnthropicModelOptions, createAnthropicModel } from "../../src/models/anthropic-model.js";
import { computeCostUsd } from "../../src/models/price-table.js";
import {
  ANTHROPIC_TEST_BASE_URL,
  type AnthropicCall,
  type AnthropicReply,
  anthropicError,
  anthropicMessage,
  anthropicMessagesHandler,
  anthropicSse,
  anthropicSseError,
  anthropicSseEvents,
  sseResponse,
  type WireMessage,
} from "../support/msw-anthropic.js";
import { callContext } from "../support/scenario-turn.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllEnvs();
});
afterAll(() => server.close());

const READ_TOOL: ToolSpec = {
  name: "read",
  description: "Read a file",
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
};

function request(messages: ModelMessage[], overrides: Partial<ModelRequest> = {}): ModelRequest {
  return { systemPrompt: "You are a test.", messages, tools: [READ_TOOL], context: callContext([]), ...overrides };
}

function serve(reply: AnthropicReply): AnthropicCall[] {
  const calls: AnthropicCall[] = [];
  server.use(anthropicMessagesHandler(reply, calls));
  return calls;
}

function model(options: Partial<AnthropicModelOptions> = {}) {
  return createAnthropicModel({
    id: "anthropic:claude-test-1",
    model: "claude-test-1",
    apiKey: "sk-test",
    baseURL: ANTHROPIC_TEST_BASE_URL,
    ...options,
  });
}

const hello: ModelMessage[] = [{ role: "user", content: "hello" }];
const USAGE = { input_tokens: 10, output_tokens: 5 };

const TOOL_USE: WireMessage = {
  content: [
    { type: "text", text: "Reading both." },
    { type: "tool_use", id: "toolu_1", name: "read", input: { path: "a.md" } },
    { type: "tool_use", id: "toolu_2", name: "read", input: { path: "b.md", limit: 2 } },
  ],
  stop_reason: "tool_use",
  usage: { input_tokens: 100, output_tokens: 50, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 },
};

function failure(response: ModelResponse) {
  expect(response.ok).toBe(false);
  return response.ok ? undefined : response.error;
}

describe("anthropic model", () => {
  it("sends a call's own maxTokens (a compaction summary's budget) over the adapter default", async () => {
    const calls = serve(() =>
      HttpResponse.json(
        anthropicMessage({ content: [{ type: "text", text: "ok" }], stop_reason: "end_turn", usage: USAGE }),
      ),
    );
    await model().complete(request(hello, { maxTokens: 1234 }));
    await model().complete(request(hello));
    expect(calls.map((call) => (call.body as { max_tokens?: number }).max_tokens)).toEqual([1234, 4096]);
  });

  it("round-trips tool calls and sends tool results as one user message", async () => {
    const calls = serve(({ index }) =>
      HttpResponse.json(
        anthropicMessage(
          index === 0 ? TOOL_USE : { content: [{ type: "text", text: "done" }], stop_reason: "end_turn", usage: USAGE },
        ),
      ),
    );
    const first = await model().complete(request(hello));
    expect(first).toEqual({
      ok: true,
      message: {
        role: "assistant",
        content: [
          { type: "text", text: "Reading both." },
          { type: "tool_call", id: "toolu_1", name: "read", input: { path: "a.md" } },
          { type: "tool_call", id: "toolu_2", name: "read", input: { path: "b.md", limit: 2 } },
        ],
        stopReason: "tool_use",
      },
      usage: { inputTokens: 100, outputTokens: 50, cacheReadTokens: 1000, cacheWriteTokens: 200 },
      costUsd: null,
    });
    if (!first.ok) return;
    const second = await model().complete(
      request([
        ...hello,
        first.message,
        {
          role: "tool_result",
          toolCallId: "toolu_1",
          toolName: "read",
          content: [{ type: "text", text: "A" }],
          isError: false,
        },
        {
          role: "tool_result",
          toolCallId: "toolu_2",
          toolName: "read",
          content: [{ type: "text", text: "no" }],
          isError: true,
        },
      ]),
    );
    expect(second.ok && second.message).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "done" }],
      stopReason: "end_turn",
    });
    expect(calls[1]?.body).toEqual({
      model: "claude-test-1",
      max_tokens: 4096,
      system: "You are a test.",
      messages: [
        { role: "user", content: "hello" },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Reading both." },
            { type: "tool_use", id: "toolu_1", name: "read", input: { path: "a.md" } },
            { type: "tool_use", id: "toolu_2", name: "read", input: { path: "b.md", limit: 2 } },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "A" }], is_error: false },
            { type: "tool_result", tool_use_id: "toolu_2", content: [{ type: "text", text: "no" }], is_error: true },
          ],
        },
      ],
      tools: [{ name: "read", description: "Read a file", input_schema: READ_TOOL.inputSchema }],
    });
  });

  it("maps usage with cache tokens and prices it from the price table", async () => {
    serve(() => HttpResponse.json(anthropicMessage(TOOL_USE)));
    const response = await model({ model: "claude-sonnet-4-20250514" }).complete(request(hello));
    const usage = { inputTokens: 100, outputTokens: 50, cacheReadTokens: 1000, cacheWriteTokens: 200 };
    expect(response.ok && response.usage).toEqual(usage);
    const expected = computeCostUsd({ provider: "anthropic", model: "claude-sonnet-4-20250514", usage });
    expect(expected).not.toBeNull();
    expect(response.ok && response.costUsd).toBe(expected);
  });

  it("streams to the same message and usage as a plain call", async () => {
    const calls = serve(({ body }) =>
      body.stream === true ? anthropicSse(TOOL_USE) : HttpResponse.json(anthropicMessage(TOOL_USE)),
    );
    const plain = await model().complete(request(hello));
    const streamed = await model({ stream: true }).complete(request(hello));
    expect(calls.map((call) => call.body.stream)).toEqual([undefined, true]);
    expect(streamed.ok).toBe(true);
    expect(streamed).toEqual(plain);
  });

  it.each([
    ["refusal", "refusal"],
    ["max_tokens", "max_tokens"],
    ["stop_sequence", "end_turn"],
    ["pause_turn", "end_turn"],
  ])("maps stop_reason %s to %s", async (wire, ours) => {
    serve(() => HttpResponse.json(anthropicMessage({ content: [], stop_reason: wire, usage: USAGE })));
    const response = await model().complete(request(hello));
    expect(response.ok && response.message.stopReason).toBe(ours);
  });

  it("keeps tool input that is not JSON in invalidInput", async () => {
    const body = anthropicMessage({ content: [], stop_reason: "tool_use", usage: USAGE });
    body.content = [{ type: "tool_use", id: "toolu_9", name: "read", input: "{not json" }];
    serve(() => HttpResponse.json(body));
    const response = await model().complete(request(hello));
    expect(response.ok && response.message.content).toEqual([
      { type: "tool_call", id: "toolu_9", name: "read", input: {}, invalidInput: "{not json" },
    ]);
  });

  it("reads retry-after seconds, HTTP dates and retry-after-ms on 429", async () => {
    const headers: Record<string, string>[] = [
      { "retry-after": "2" },
      { "retry-after": "Wed, 21 Oct 2026 07:28:05 GMT", date: "Wed, 21 Oct 2026 07:28:00 GMT" },
      { "retry-after-ms": "1500", "retry-after": "9" },
    ];
    const calls = serve(({ index }) => anthropicError(429, "rate_limit_error", headers[index]));
    const errors = [];
    for (const _ of headers) errors.push(failure(await model().complete(request(hello))));
    expect(calls).toHaveLength(3);
    expect(errors).toEqual(
      [2000, 5000, 1500].map((retryAfterMs) => ({
        kind: "rate_limit",
        message: expect.stringContaining("rate_limit_error"),
        status: 429,
        retryAfterMs,
        retryable: true,
      })),
    );
  });

  it.each([
    [500, "api_error", "server", true],
    [529, "overloaded_error", "server", true],
    [401, "authentication_error", "auth", false],
    [403, "permission_error", "auth", false],
    [400, "invalid_request_error", "other", false],
  ])("maps HTTP %i to %s errors without SDK retries", async (status, type, kind, retryable) => {
    const calls = serve(() => anthropicError(status, type));
    const error = failure(await model().complete(request(hello)));
    expect(error).toEqual({ kind, message: expect.stringContaining(type), status, retryable });
    expect(calls).toHaveLength(1);
  });

  it("maps server errors on the streaming path too", async () => {
    serve(() => anthropicError(529, "overloaded_error"));
    const error = failure(await model({ stream: true }).complete(request(hello)));
    expect(error).toMatchObject({ kind: "server", status: 529, retryable: true });
  });

  it("maps an error event in the middle of a stream by its type", async () => {
    serve(() => sseResponse([...anthropicSseEvents(TOOL_USE).slice(0, 3), anthropicSseError("overloaded_error")]));
    const error = failure(await model({ stream: true }).complete(request(hello)));
    expect(error).toEqual({
      kind: "server",
      message: "anthropic: stream overloaded_error: overloaded_error mid-stream",
      retryable: true,
    });
  });

  it("is rejected by the server without a key", async () => {
    const calls = serve(() => HttpResponse.json(anthropicMessage(TOOL_USE)));
    const error = failure(await model({ apiKey: "" }).complete(request(hello)));
    expect(error).toEqual({
      kind: "auth",
      message: "anthropic: 401 authentication_error: authentication_error from the test server",
      status: 401,
      retryable: false,
    });
    expect(calls).toHaveLength(0);
  });

  it("sends requests through a given fetch (here one that moves the key to x-api-key)", async () => {
    const calls = serve(() => HttpResponse.json(anthropicMessage(TOOL_USE)));
    const seen: string[] = [];
    const keyFetch: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      seen.push(headers.get("authorization") ?? "");
      headers.set("x-api-key", (headers.get("authorization") ?? "").replace(/^Bearer /, ""));
      headers.delete("authorization");
      return fetch(input, { ...init, headers });
    };
    const response = await model({ fetch: keyFetch }).complete(request(hello));
    expect(response.ok).toBe(true);
    expect(seen).toEqual(["Bearer sk-test"]);
    expect(calls[0]?.headers.get("x-api-key")).toBe("sk-test");
  });

  it("times out after timeoutMs", async () => {
    serve(async () => {
      await delay(2000);
      return HttpResponse.json(anthropicMessage(TOOL_USE));
    });
    const error = failure(await model({ timeoutMs: 200 }).complete(request(hello)));
    expect(error).toEqual({ kind: "timeout", message: expect.stringContaining("timed out"), retryable: true });
  });

  it.each([false, true])("returns aborted when the signal aborts (stream: %s)", async (stream) => {
    serve(async () => {
      await delay(2000);
      return HttpResponse.json(anthropicMessage(TOOL_USE));
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const during = failure(await model({ stream }).complete(request(hello, { signal: controller.signal })));
    expect(during).toMatchObject({ kind: "aborted", retryable: false });
    const before = failure(await model({ stream }).complete(request(hello, { signal: AbortSignal.abort() })));
    expect(before).toMatchObject({ kind: "aborted", retryable: false });
  });

  it("uses the SDK's ANTHROPIC_BASE_URL when no baseURL is given", async () => {
    vi.stubEnv("ANTHROPIC_BASE_URL", ANTHROPIC_TEST_BASE_URL);
    const calls = serve(() => HttpResponse.json(anthropicMessage(TOOL_USE)));
    const response = await model({ baseURL: undefined }).complete(request(hello, { tools: [], systemPrompt: "" }));
    expect(response.ok).toBe(true);
    expect(calls[0]?.body).toEqual({
      model: "claude-test-1",
      max_tokens: 4096,
      messages: [{ role: "user", content: "hello" }],
    });
  });
});
