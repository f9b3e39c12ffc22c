import { delay, HttpResponse, http, type JsonBodyType } from "msw";
import type { ChatCompletion, ChatCompletionChunk } from "openai/resources/chat/completions";

export const OPENAI_TEST_BASE_URL = "https://api.openai.com/v1";

/** What the fake server answers to one request, in order. */
export type OpenAIReply =
  | { completion: ChatCompletion; delayMs?: number }
  | { chunks: ChatCompletionChunk[]; delayMs?: number }
  | { status: number; body?: JsonBodyType; headers?: Record<string, string>; delayMs?: number };

export interface RecordedOpenAIRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface OpenAIFakeOptions {
  /** Default {@link OPENAI_TEST_BASE_URL}. */
  baseURL?: string;
  /** When set, any other key is rejected with 401 (a missing key always is). */
  apiKey?: string;
}

function errorBody(message: string, type: string): JsonBodyType {
  return { error: { message, type, param: null, code: null } };
}

function keyOf(request: Request): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  return bearer ?? request.headers.get("x-api-key") ?? undefined;
}

function sseText(chunks: readonly ChatCompletionChunk[]): string {
  return `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join("")}data: [DONE]\n\n`;
}

/**
 * An OpenAI-compatible `/chat/completions` endpoint for msw: accepts `Authorization: Bearer`
 * or `x-api-key`, rejects keyless requests with 401, records every request and plays the
 * queued replies in order (an unexpected extra request gets a 500 naming the problem).
 */
export function createOpenAIFake(options: OpenAIFakeOptions = {}) {
  const requests: RecordedOpenAIRequest[] = [];
  const replies: OpenAIReply[] = [];
  const handler = http.post(`${options.baseURL ?? OPENAI_TEST_BASE_URL}/chat/completions`, async ({ request }) => {
    const key = keyOf(request);
    if (key === undefined || (options.apiKey !== undefined && key !== options.apiKey)) {
      return HttpResponse.json(errorBody("Incorrect API key provided", "invalid_request_error"), { status: 401 });
    }
    requests.push({
      url: request.url,
      headers: Object.fromEntries(request.headers.entries()),
      body: await request.json(),
    });
    const reply = replies.shift();
    if (reply === undefined) return HttpResponse.json(errorBody("no reply queued", "test_error"), { status: 500 });
    if (reply.delayMs !== undefined) await delay(reply.delayMs);
    if ("completion" in reply) return HttpResponse.json(reply.completion);
    if ("chunks" in reply) {
      return new HttpResponse(sseText(reply.chunks), { headers: { "content-type": "text/event-stream" } });
    }
    return HttpResponse.json(reply.body ?? errorBody(`status ${reply.status}`, "server_error"), {
      status: reply.status,
      headers: reply.headers ?? {},
    });
  });
  return {
    handler,
    requests,
    reply(...next: OpenAIReply[]): void {
      replies.push(...next);
    },
  };
}

export interface CompletionParts {
  content?: string | null;
  refusal?: string | null;
  toolCalls?: { id: string; name: string; arguments: string }[];
  finishReason?: ChatCompletion.Choice["finish_reason"];
  usage?: ChatCompletion["usage"];
  model?: string;
}

/** A non-streaming completion with one choice. */
export function openAICompletion(parts: CompletionParts): ChatCompletion {
  const toolCalls = parts.toolCalls ?? [];
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model: parts.model ?? "gpt-4o",
    choices: [
      {
        index: 0,
        logprobs: null,
        finish_reason: parts.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop"),
        message: {
          role: "assistant",
          content: parts.content ?? null,
          refusal: parts.refusal ?? null,
          ...(toolCalls.length > 0
            ? {
                tool_calls: toolCalls.map((call) => ({
                  id: call.id,
                  type: "function" as const,
                  function: { name: call.name, arguments: call.arguments },
                })),
              }
            : {}),
        },
      },
    ],
    ...(parts.usage === undefined ? {} : { usage: parts.usage }),
  };
}

function splitInThree(text: string): string[] {
  const third = Math.ceil(text.length / 3);
  return [text.slice(0, third), text.slice(third, third * 2), text.slice(third * 2)].filter((part) => part !== "");
}

/**
 * The chunks a server streams for the same completion: a role chunk, the content in three
 * deltas, each tool call as an id+name fragment then argument fragments, the finish reason,
 * then a usage chunk with no choices (as with `stream_options.include_usage`).
 */
export function openAIChunks(parts: CompletionParts): ChatCompletionChunk[] {
  const base = { id: "chatcmpl-test", object: "chat.completion.chunk" as const, created: 1_700_000_000 };
  const model = parts.model ?? "gpt-4o";
  const chunk = (delta: ChatCompletionChunk.Choice.Delta, finish: ChatCompletionChunk.Choice["finish_reason"] = null) =>
    ({ ...base, model, choices: [{ index: 0, delta, finish_reason: finish }] }) satisfies ChatCompletionChunk;
  const chunks: ChatCompletionChunk[] = [chunk({ role: "assistant", content: "" })];
  for (const part of splitInThree(parts.content ?? "")) chunks.push(chunk({ content: part }));
  if (parts.refusal) chunks.push(chunk({ refusal: parts.refusal }));
  (parts.toolCalls ?? []).forEach((call, index) => {
    chunks.push(
      chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }),
    );
    for (const part of splitInThree(call.arguments)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
    }
  });
  const toolCalls = parts.toolCalls ?? [];
  chunks.push(chunk({}, parts.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop")));
  if (parts.usage !== undefined) chunks.push({ ...base, model, choices: [], usage: parts.usage });
  return chunks;
}
