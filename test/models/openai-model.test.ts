import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AssistantMessage, ModelMessage, ModelRequest, ModelResponse, ToolSpec } from "../../src/domain/index.js";
import { createOpenAIModel, type OpenAIModelOptions } from "../../src/models/openai-model.js";
import { computeCostUsd } from "../../src/models/price-table.js";
import { type CompletionParts, createOpenAIFake, openAIChunks, openAICompletion } from "../support/msw-openai.js";
import { callContext } from "../support/scenario-turn.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const READ_TOOL: ToolSpec = {
  name: "read",
  description: "Read a file",
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
};

function modelRequest(messages: ModelMessage[], extra: Partial<ModelRequest> = {}): ModelRequest {
  return { systemPrompt: "You are a test.", messages, tools: [READ_TOOL], context: callContext([]), ...extra };
}

const HELLO: ModelMessage[] = [{ role: "user", content: "hello" }];

function setup(options: Partial<OpenAIModelOptions> = {}, fakeKey?: string) {
  const fake = createOpenAIFake({
    ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
    ...(fakeKey === undefined ? {} : { apiKey: fakeKey }),
  });
  server.use(fake.handler);
  const model = createOpenAIModel({ id: "openai:gpt-4o", model: "gpt-4o", apiKey: "sk-test", ...options });
  return { fake, model };
}

function errorOf(response: ModelResponse) {
  if (response.ok) throw new Error(`expected an error, got ${JSON.stringify(response.message)}`);
  return response.error;
}

function messageOf(response: ModelResponse): AssistantMessage {
  if (!response.ok) throw new Error(`expected a message, got ${JSON.stringify(response.error)}`);
  return response.message;
}

describe("openai model: wire format", () => {
  it("sends a tool round trip as system, user, assistant tool_calls and tool messages", async () => {
    const { fake, model } = setup();
    fake.reply(
      { completion: openAICompletion({ toolCalls: [{ id: "call_1", name: "read", arguments: '{"path":"a.md"}' }] }) },
      { completion: openAICompletion({ content: "It says hi." }) },
    );
    const first = messageOf(await model.complete(modelRequest(HELLO)));
    expect(first).toEqual({
      role: "assistant",
      content: [{ type: "tool_call", id: "call_1", name: "read", input: { path: "a.md" } }],
      stopReason: "tool_use",
    });
    const history: ModelMessage[] = [
      ...HELLO,
      first,
      {
        role: "tool_result",
        toolCallId: "call_1",
        toolName: "read",
        content: [{ type: "text", text: "hi" }],
        isError: false,
      },
    ];
    const second = await model.complete(modelRequest(history));
    expect(messageOf(second)).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "It says hi." }],
      stopReason: "end_turn",
    });
    expect(fake.requests[1]?.body).toEqual({
      model: "gpt-4o",
      messages: [
        { role: "system", content: "You are a test." },
        { role: "user", content: "hello" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "call_1", type: "function", function: { name: "read", arguments: '{"path":"a.md"}' } }],
        },
        { role: "tool", tool_call_id: "call_1", content: "hi" },
      ],
      tools: [
        {
          type: "function",
          function: { name: "read", description: "Read a file", parameters: READ_TOOL.inputSchema },
        },
      ],
      stream: false,
    });
    expect(fake.requests[1]?.headers.authorization).toBe("Bearer sk-test");
  });

  it("marks error tool results with an Error: prefix and sends maxTokens as max_completion_tokens", async () => {
    const { fake, model } = setup({ maxTokens: 256 });
    fake.reply({ completion: openAICompletion({ content: "ok" }) });
    const history: ModelMessage[] = [
      ...HELLO,
      {
        role: "assistant",
        content: [
          { type: "text", text: "Reading." },
          { type: "tool_call", id: "c1", name: "read", input: {}, invalidInput: "{oops" },
        ],
        stopReason: "tool_use",
      },
      {
        role: "tool_result",
        toolCallId: "c1",
        toolName: "read",
        content: [{ type: "text", text: "bad" }],
        isError: true,
      },
    ];
    await model.complete(modelRequest(history, { systemPrompt: "", tools: [] }));
    expect(fake.requests[0]?.body).toEqual({
      model: "gpt-4o",
      messages: [
        { role: "user", content: "hello" },
        {
          role: "assistant",
          content: "Reading.",
          tool_calls: [{ id: "c1", type: "function", function: { name: "read", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: "c1", content: "Error: bad" },
      ],
      max_completion_tokens: 256,
      stream: false,
    });
  });

  it("uses a custom base URL with max_tokens, as OpenAI-compatible servers expect", async () => {
    const baseURL = "http://127.0.0.1:11434/v1";
    const { fake, model } = setup({ baseURL, model: "llama3.2", apiKey: "ollama", maxTokens: 64 });
    fake.reply({ completion: openAICompletion({ content: "local", model: "llama3.2" }) });
    const response = await model.complete(modelRequest(HELLO));
    expect(messageOf(response).content).toEqual([{ type: "text", text: "local" }]);
    expect(response.ok && response.costUsd).toBeNull();
    expect(fake.requests[0]?.url).toBe(`${baseURL}/chat/completions`);
    expect(fake.requests[0]?.body).toMatchObject({ model: "llama3.2", max_tokens: 64 });
  });
});

describe("openai model: responses", () => {
  it("reports usage with cached tokens apart and prices it", async () => {
    const { fake, model } = setup();
    fake.reply({
      completion: openAICompletion({
        content: "hi",
        usage: {
          prompt_tokens: 1000,
          completion_tokens: 50,
          total_tokens: 1050,
          prompt_tokens_details: { cached_tokens: 800 },
        },
      }),
    });
    const response = await model.complete(modelRequest(HELLO));
    const usage = { inputTokens: 200, outputTokens: 50, cacheReadTokens: 800, cacheWriteTokens: 0 };
    expect(response).toEqual({
      ok: true,
      message: { role: "assistant", content: [{ type: "text", text: "hi" }], stopReason: "end_turn" },
      usage,
      costUsd: computeCostUsd({ provider: "openai", model: "gpt-4o", usage }),
    });
    expect(response.ok && response.costUsd).toBeGreaterThan(0);
  });

  it.each([
    ["content_filter finish reason", { content: "", finishReason: "content_filter" }, []],
    ["refusal field", { refusal: "I can't help with that." }, [{ type: "text", text: "I can't help with that." }]],
  ] as const)("maps a %s to a refusal", async (_name, parts, content) => {
    const { fake, model } = setup();
    fake.reply({ completion: openAICompletion(parts as CompletionParts) });
    expect(messageOf(await model.complete(modelRequest(HELLO)))).toEqual({
      role: "assistant",
      content,
      stopReason: "refusal",
    });
  });

  it("maps finish_reason length to max_tokens", async () => {
    const { fake, model } = setup();
    fake.reply({ completion: openAICompletion({ content: "cut", finishReason: "length" }) });
    expect(messageOf(await model.complete(modelRequest(HELLO))).stopReason).toBe("max_tokens");
  });

  it("keeps malformed tool-call arguments as invalidInput with an empty input", async () => {
    const { fake, model } = setup();
    fake.reply({
      completion: openAICompletion({
        toolCalls: [
          { id: "c1", name: "read", arguments: '{"path": "a.md"' },
          { id: "c2", name: "read", arguments: "[1]" },
          { id: "c3", name: "read", arguments: "" },
        ],
      }),
    });
    expect(messageOf(await model.complete(modelRequest(HELLO))).content).toEqual([
      { type: "tool_call", id: "c1", name: "read", input: {}, invalidInput: '{"path": "a.md"' },
      { type: "tool_call", id: "c2", name: "read", input: {}, invalidInput: "[1]" },
      { type: "tool_call", id: "c3", name: "read", input: {} },
    ]);
  });

  it("treats a response without choices as malformed", async () => {
    const { fake, model } = setup();
    fake.reply({ completion: { ...openAICompletion({ content: "x" }), choices: [] } });
    expect(errorOf(await model.complete(modelRequest(HELLO)))).toEqual({
      kind: "malformed",
      message: "response has no choices",
      retryable: true,
    });
  });
});

describe("openai model: streaming", () => {
  const parts: CompletionParts = {
    content: "Let me read both files.",
    toolCalls: [
      { id: "call_a", name: "read", arguments: '{"path":"a.md"}' },
      { id: "call_b", name: "read", arguments: '{"path":"notes/b.md","limit":20}' },
    ],
    usage: {
      prompt_tokens: 300,
      completion_tokens: 40,
      total_tokens: 340,
      prompt_tokens_details: { cached_tokens: 100 },
    },
  };

  it("accumulates SSE chunks into the same response as a non-streaming call", async () => {
    const plain = setup();
    plain.fake.reply({ completion: openAICompletion(parts) });
    const expected = await plain.model.complete(modelRequest(HELLO));
    server.resetHandlers();

    const streamed = setup({ stream: true });
    streamed.fake.reply({ chunks: openAIChunks(parts) });
    const response = await streamed.model.complete(modelRequest(HELLO));
    expect(response).toEqual(expected);
    expect(messageOf(response).content).toHaveLength(3);
    expect(streamed.fake.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it("streams malformed arguments and refusals the same way", async () => {
    const broken: CompletionParts = { toolCalls: [{ id: "c1", name: "read", arguments: '{"path":' }] };
    const { fake, model } = setup({ stream: true });
    fake.reply({ chunks: openAIChunks(broken) }, { chunks: openAIChunks({ refusal: "No." }) });
    expect(messageOf(await model.complete(modelRequest(HELLO))).content).toEqual([
      { type: "tool_call", id: "c1", name: "read", input: {}, invalidInput: '{"path":' },
    ]);
    expect(messageOf(await model.complete(modelRequest(HELLO)))).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "No." }],
      stopReason: "refusal",
    });
  });

  it("returns an HTTP error of a streamed request as an error result", async () => {
    const { fake, model } = setup({ stream: true });
    fake.reply({ status: 503 });
    expect(errorOf(await model.complete(modelRequest(HELLO)))).toMatchObject({ kind: "server", status: 503 });
  });
});

describe("openai model: errors", () => {
  it("maps 429 with retry-after seconds to rate_limit with retryAfterMs", async () => {
    const { fake, model } = setup();
    fake.reply({ status: 429, headers: { "retry-after": "2" } });
    expect(errorOf(await model.complete(modelRequest(HELLO)))).toMatchObject({
      kind: "rate_limit",
      status: 429,
      retryAfterMs: 2000,
      retryable: true,
    });
  });

  it("reads retry-after-ms and HTTP-date retry-after headers", async () => {
    const { fake, model } = setup();
    fake.reply(
      { status: 429, headers: { "retry-after-ms": "1500", "retry-after": "9" } },
      {
        status: 429,
        headers: { "retry-after": "Wed, 11 Mar 2026 06:30:05 GMT", date: "Wed, 11 Mar 2026 06:30:00 GMT" },
      },
    );
    expect(errorOf(await model.complete(modelRequest(HELLO))).retryAfterMs).toBe(1500);
    expect(errorOf(await model.complete(modelRequest(HELLO))).retryAfterMs).toBe(5000);
  });

  it.each([500, 503])("maps %i to a retryable server error", async (status) => {
    const { fake, model } = setup();
    fake.reply({ status });
    expect(errorOf(await model.complete(modelRequest(HELLO)))).toMatchObject({
      kind: "server",
      status,
      retryable: true,
    });
  });

  it("maps 401 (wrong key) to auth and 400 to other", async () => {
    const { fake, model } = setup({}, "sk-right");
    expect(errorOf(await model.complete(modelRequest(HELLO)))).toMatchObject({
      kind: "auth",
      status: 401,
      retryable: false,
    });
    const right = setup({ apiKey: "sk-right" }, "sk-right");
    right.fake.reply({ status: 400, body: { error: { message: "bad tools", type: "invalid_request_error" } } });
    const error = errorOf(await right.model.complete(modelRequest(HELLO)));
    expect(error).toMatchObject({ kind: "other", status: 400, retryable: false });
    expect(error.message).toContain("bad tools");
    expect(fake.requests).toEqual([]);
  });

  it("has a fake server that rejects keyless requests and accepts x-api-key", async () => {
    const { fake } = setup();
    fake.reply({ completion: openAICompletion({ content: "ok" }) });
    const url = "https://api.openai.com/v1/chat/completions";
    const init = { method: "POST", body: JSON.stringify({ model: "gpt-4o", messages: [] }) };
    expect((await fetch(url, init)).status).toBe(401);
    const accepted = await fetch(url, { ...init, headers: { "x-api-key": "sk-test" } });
    expect(accepted.status).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });

  it("returns an auth error for an empty key instead of throwing", async () => {
    const model = createOpenAIModel({ id: "openai:gpt-4o", model: "gpt-4o", apiKey: "" });
    expect(errorOf(await model.complete(modelRequest(HELLO)))).toMatchObject({ kind: "auth", retryable: false });
  });

  it("fails a request that outlives timeoutMs as a retryable timeout", async () => {
    const { fake, model } = setup({ timeoutMs: 50 });
    fake.reply({ completion: openAICompletion({ content: "late" }), delayMs: 1000 });
    expect(errorOf(await model.complete(modelRequest(HELLO)))).toMatchObject({ kind: "timeout", retryable: true });
  });

  it("returns aborted for a signal aborted before or during the request", async () => {
    const { fake, model } = setup();
    fake.reply({ completion: openAICompletion({ content: "late" }), delayMs: 1000 });
    const before = await model.complete(modelRequest(HELLO, { signal: AbortSignal.abort() }));
    expect(errorOf(before)).toEqual({ kind: "aborted", message: "request aborted", retryable: false });
    const controller = new AbortController();
    const pending = model.complete(modelRequest(HELLO, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    expect(errorOf(await pending).kind).toBe("aborted");
    expect(fake.requests).toHaveLength(1);
  });
});
