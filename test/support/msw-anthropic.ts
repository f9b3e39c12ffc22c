import { HttpResponse, http } from "msw";

export const ANTHROPIC_TEST_BASE_URL = "https://anthropic.test";

/** A content block as the Messages API returns it. */
export type WireBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

export interface WireUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

export interface WireMessage {
  content: WireBlock[];
  stop_reason: string | null;
  usage: WireUsage;
}

/** A full API message body with the fields our tests do not care about filled in. */
export function anthropicMessage(message: WireMessage): Record<string, unknown> {
  return {
    id: "msg_test",
    type: "message",
    role: "assistant",
    model: "claude-test-1",
    container: null,
    stop_sequence: null,
    ...message,
    usage: { cache_read_input_tokens: null, cache_creation_input_tokens: null, ...message.usage },
  };
}

/** An error body as the API sends it, with extra response headers (e.g. `retry-after`). */
export function anthropicError(status: number, type: string, headers: Record<string, string> = {}): Response {
  return HttpResponse.json(
    { type: "error", error: { type, message: `${type} from the test server` } },
    { status, headers },
  );
}

function sseEvent(event: { type: string } & Record<string, unknown>): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** The SSE events a streaming call sends for `message`; tool input arrives in two JSON chunks. */
export function anthropicSseEvents(message: WireMessage): string[] {
  const full = anthropicMessage(message);
  const events = [
    sseEvent({
      type: "message_start",
      message: { ...full, content: [], stop_reason: null, usage: { ...(full.usage as object), output_tokens: 1 } },
    }),
  ];
  message.content.forEach((block, index) => {
    if (block.type === "text") {
      events.push(sseEvent({ type: "content_block_start", index, content_block: { type: "text", text: "" } }));
      events.push(sseEvent({ type: "content_block_delta", index, delta: { type: "text_delta", text: block.text } }));
    } else {
      const start = { type: "tool_use", id: block.id, name: block.name, input: {} };
      events.push(sseEvent({ type: "content_block_start", index, content_block: start }));
      const json = JSON.stringify(block.input);
      const middle = Math.floor(json.length / 2);
      for (const partial of [json.slice(0, middle), json.slice(middle)]) {
        events.push(
          sseEvent({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: partial } }),
        );
      }
    }
    events.push(sseEvent({ type: "content_block_stop", index }));
  });
  events.push(
    sseEvent({
      type: "message_delta",
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: message.usage.output_tokens },
    }),
  );
  events.push(sseEvent({ type: "message_stop" }));
  return events;
}

/** An SSE stream of the given already formatted events, one chunk each. */
export function sseResponse(events: readonly string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(event));
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { "content-type": "text/event-stream" } });
}

/** Replies to a streaming request with `message` as SSE events. */
export function anthropicSse(message: WireMessage): Response {
  return sseResponse(anthropicSseEvents(message));
}

/** An `error` event as the API sends it in the middle of a stream. */
export function anthropicSseError(type: string): string {
  return sseEvent({ type: "error", error: { type, message: `${type} mid-stream` } });
}

export interface AnthropicCall {
  /** 0-based index of the call among those this handler saw. */
  index: number;
  body: Record<string, unknown>;
  headers: Headers;
  /** The request's own signal, aborted when the client gives up. */
  signal: AbortSignal;
}

export type AnthropicReply = (call: AnthropicCall) => Response | Promise<Response>;

/**
 * A `POST /v1/messages` handler that records every call's JSON body in `calls` and answers
 * with `reply`. Requests with neither `x-api-key` nor `authorization: Bearer <key>` get 401.
 */
export function anthropicMessagesHandler(reply: AnthropicReply, calls: AnthropicCall[] = []) {
  return http.post(`${ANTHROPIC_TEST_BASE_URL}/v1/messages`, async ({ request }) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    const key = request.headers.get("x-api-key") || bearer;
    if (!key) return anthropicError(401, "authentication_error");
    const call: AnthropicCall = {
      index: calls.length,
      body: (await request.json()) as Record<string, unknown>,
      headers: request.headers,
      signal: request.signal,
    };
    calls.push(call);
    return reply(call);
  });
}
