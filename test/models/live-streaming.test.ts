import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ModelRequest, ModelResponse } from "../../src/domain/index.js";
import { createAnthropicModel } from "../../src/models/anthropic-model.js";
import { createOpenAIModel } from "../../src/models/openai-model.js";
import {
  ANTHROPIC_TEST_BASE_URL,
  type AnthropicCall,
  anthropicMessage,
  anthropicMessagesHandler,
  anthropicSseError,
  sseResponse,
} from "../support/msw-anthropic.js";
import { createOpenAIFake, openAIChunks } from "../support/msw-openai.js";
import { callContext } from "../support/scenario-turn.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function streamingRequest(stream = true) {
  const heard: string[] = [];
  const request: ModelRequest = {
    systemPrompt: "sys",
    messages: [{ role: "user", content: "anything new?" }],
    tools: [],
    context: callContext([]),
    ...(stream ? { onTextDelta: (delta: string) => heard.push(delta) } : {}),
  };
  return { request, heard };
}

function textOf(response: ModelResponse): string {
  if (!response.ok) throw new Error(`expected a message, got ${response.error.message}`);
  return response.message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

function sseEvent(event: { type: string } & Record<string, unknown>): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** A streamed text reply whose text arrives in the given deltas, optionally cut by an error event. */
function anthropicTextStream(deltas: readonly string[], options: { errorAfter?: number } = {}): string[] {
  const start = anthropicMessage({ content: [], stop_reason: null, usage: { input_tokens: 12, output_tokens: 1 } });
  const events = [
    sseEvent({ type: "message_start", message: start }),
    sseEvent({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
  ];
  for (const [index, text] of deltas.entries()) {
    // The server closes the stream after an error event.
    if (index === options.errorAfter) return [...events, anthropicSseError("overloaded_error")];
    events.push(sseEvent({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }));
  }
  events.push(
    sseEvent({ type: "content_block_stop", index: 0 }),
    sseEvent({
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: 4 },
    }),
    sseEvent({ type: "message_stop" }),
  );
  return events;
}

describe("anthropic model: streaming text deltas", () => {
  const model = () =>
    createAnthropicModel({
      id: "anthropic:claude-test-1",
      model: "claude-test-1",
      apiKey: "sk-test",
      baseURL: ANTHROPIC_TEST_BASE_URL,
    });

  it("uses the streaming API for a request with onTextDelta and passes each text delta on in order", async () => {
    const calls: AnthropicCall[] = [];
    server.use(anthropicMessagesHandler(() => sseResponse(anthropicTextStream(["NO", "_RE", "PLY"])), calls));
    const { request, heard } = streamingRequest();
    const response = await model().complete(request);
    expect(calls[0]?.body.stream).toBe(true);
    expect(heard).toEqual(["NO", "_RE", "PLY"]);
    expect(textOf(response)).toBe("NO_REPLY");
  });

  it("keeps the plain API for a request without onTextDelta", async () => {
    const calls: AnthropicCall[] = [];
    const plain = anthropicMessage({
      content: [{ type: "text", text: "hi" }],
      stop_reason: "end_turn",
      usage: { input_tokens: 3, output_tokens: 1 },
    });
    server.use(anthropicMessagesHandler(() => Response.json(plain), calls));
    const { request } = streamingRequest(false);
    expect(textOf(await model().complete(request))).toBe("hi");
    expect(calls[0]?.body.stream).toBeUndefined();
  });

  it("reports the deltas that arrived before an error event, then the error", async () => {
    server.use(
      anthropicMessagesHandler(() => sseResponse(anthropicTextStream(["All", " fine", "."], { errorAfter: 2 }))),
    );
    const { request, heard } = streamingRequest();
    const response = await model().complete(request);
    expect(heard).toEqual(["All", " fine"]);
    expect(response).toMatchObject({ ok: false, error: { kind: "server", retryable: true } });
  });
});

describe("openai model: streaming text deltas", () => {
  it("streams a request with onTextDelta and passes each content delta on in order", async () => {
    const fake = createOpenAIFake();
    server.use(fake.handler);
    fake.reply({ chunks: openAIChunks({ content: "HEARTBEAT_OK" }) });
    const model = createOpenAIModel({ id: "openai:gpt-4o", model: "gpt-4o", apiKey: "sk-test" });
    const { request, heard } = streamingRequest();
    const response = await model.complete(request);
    expect(fake.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(heard).toEqual(["HEAR", "TBEA", "T_OK"]);
    expect(textOf(response)).toBe("HEARTBEAT_OK");
  });

  it("keeps the plain API for a request without onTextDelta", async () => {
    const fake = createOpenAIFake();
    server.use(fake.handler);
    fake.reply({ chunks: openAIChunks({ content: "unused" }) });
    const model = createOpenAIModel({ id: "openai:gpt-4o", model: "gpt-4o", apiKey: "sk-test" });
    const { request } = streamingRequest(false);
    await model.complete(request);
    expect(fake.requests[0]?.body).toMatchObject({ stream: false });
  });
});
