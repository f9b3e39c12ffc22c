import { delay, HttpResponse, http, type JsonBodyType } from "msw";

export const EMBEDDINGS_TEST_BASE_URL = "https://api.openai.com/v1";

/** One request the fake `/embeddings` endpoint received. */
export interface RecordedEmbeddingRequest {
  url: string;
  headers: Record<string, string>;
  body: { model: string; input: string[]; encoding_format?: string };
}

/** What the fake answers: vectors computed from the inputs, or a status with an error body. */
export type EmbeddingReply =
  | { data: { index: number; embedding: unknown }[]; delayMs?: number }
  | { status: number; code?: string; message?: string; delayMs?: number };

/** A vector per input that names it: `[input length, position in the request]`. */
export function vectorOf(text: string, position: number): number[] {
  return [text.length, position];
}

/** The default reply: {@link vectorOf} each input, listed in reverse so the client must order by `index`. */
export function echoReply(input: readonly string[]): EmbeddingReply {
  return { data: input.map((text, index) => ({ index, embedding: vectorOf(text, index) })).reverse() };
}

/**
 * An OpenAI-compatible `/embeddings` endpoint for msw. Records every request, rejects a request
 * without a bearer key with 401, and answers with `respond(input, requestNumber)`, by default
 * {@link echoReply}. `inFlight.max` is the most requests it was serving at once.
 */
export function createEmbeddingsFake(
  options: { baseURL?: string; respond?: (input: string[], requestNumber: number) => EmbeddingReply } = {},
) {
  const requests: RecordedEmbeddingRequest[] = [];
  const inFlight = { now: 0, max: 0 };
  const respond = options.respond ?? echoReply;
  const handler = http.post(`${options.baseURL ?? EMBEDDINGS_TEST_BASE_URL}/embeddings`, async ({ request }) => {
    if (!/^Bearer\s+\S/.test(request.headers.get("authorization") ?? "")) {
      return HttpResponse.json({ error: { message: "missing key", type: "invalid_request_error" } }, { status: 401 });
    }
    const body = (await request.json()) as RecordedEmbeddingRequest["body"];
    requests.push({ url: request.url, headers: Object.fromEntries(request.headers.entries()), body });
    const reply = respond(body.input, requests.length);
    inFlight.now++;
    inFlight.max = Math.max(inFlight.max, inFlight.now);
    try {
      if (reply.delayMs !== undefined) await delay(reply.delayMs);
    } finally {
      inFlight.now--;
    }
    if ("data" in reply) {
      const payload: JsonBodyType = {
        object: "list",
        model: body.model,
        data: reply.data.map((datum) => ({ object: "embedding", ...datum })) as JsonBodyType,
        usage: { prompt_tokens: 1, total_tokens: 1 },
      };
      return HttpResponse.json(payload);
    }
    const error = {
      message: reply.message ?? `status ${reply.status}`,
      type: "server_error",
      code: reply.code ?? null,
    };
    return HttpResponse.json({ error }, { status: reply.status });
  });
  return { handler, requests, inFlight };
}
