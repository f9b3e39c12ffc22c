import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ClawEvalError } from "../../../src/domain/index.js";
import {
  createOpenAIEmbedder,
  type OpenAIEmbedderOptions,
} from "../../../src/memory/embedders/create-openai-embedder.js";
import { createEmbeddingsFake, type EmbeddingReply, echoReply, vectorOf } from "./msw-embeddings.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const KEY = "sk-test-secret-123";

function setup(
  options: Partial<OpenAIEmbedderOptions> = {},
  respond?: (input: string[], requestNumber: number) => EmbeddingReply,
) {
  const fake = createEmbeddingsFake({
    ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
    ...(respond === undefined ? {} : { respond }),
  });
  server.use(fake.handler);
  const sleeps: number[] = [];
  const embedder = createOpenAIEmbedder({
    apiKey: KEY,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { fake, embedder, sleeps };
}

async function failureOf(promise: Promise<unknown>): Promise<ClawEvalError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ClawEvalError)) throw new Error(`expected a ClawEvalError, got ${String(error)}`);
  return error;
}

describe("openai embedder: wire format", () => {
  it("posts model and input with a bearer key and orders vectors by data[i].index", async () => {
    const { fake, embedder } = setup();
    expect(embedder).toMatchObject({ id: "openai", model: "text-embedding-3-small", dims: undefined });
    const vectors = await embedder.embedBatch(["alpha", "be", "gamma!"]);
    expect(vectors).toEqual([vectorOf("alpha", 0), vectorOf("be", 1), vectorOf("gamma!", 2)]);
    expect(embedder.dims).toBe(2);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.url).toBe("https://api.openai.com/v1/embeddings");
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fake.requests[0]?.body).toEqual({
      model: "text-embedding-3-small",
      input: ["alpha", "be", "gamma!"],
      encoding_format: "float",
    });
  });

  it("embeds a query as a one-input request", async () => {
    const { fake, embedder } = setup();
    expect(await embedder.embedQuery("deploy key")).toEqual(vectorOf("deploy key", 0));
    expect(fake.requests.map((request) => request.body.input)).toEqual([["deploy key"]]);
  });

  it("sends nothing for an empty batch", async () => {
    const { fake, embedder } = setup();
    expect(await embedder.embedBatch([])).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("reaches a custom base URL with the configured model and headers", async () => {
    const { fake, embedder } = setup({
      baseUrl: "http://localhost:11434/v1",
      model: "nomic-embed-text",
      headers: { "X-Team": "memory" },
    });
    await embedder.embedQuery("hello");
    expect(fake.requests[0]?.url).toBe("http://localhost:11434/v1/embeddings");
    expect(fake.requests[0]?.headers["x-team"]).toBe("memory");
    expect(fake.requests[0]?.body.model).toBe("nomic-embed-text");
    expect(embedder.model).toBe("nomic-embed-text");
  });
});

describe("openai embedder: batching", () => {
  it("splits batches at 8 000 estimated tokens and keeps input order across them", async () => {
    const { fake, embedder } = setup();
    const texts = ["a", "b", "c", "d", "e"].map((letter) => letter.repeat(12_000)); // 3 000 tokens each
    const vectors = await embedder.embedBatch(texts);
    expect(fake.requests.map((request) => request.body.input.map((text) => text[0]))).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e"],
    ]);
    expect(vectors).toEqual([0, 1, 0, 1, 0].map((position) => vectorOf("x".repeat(12_000), position)));
  });

  it("keeps at most 4 batch requests in flight", async () => {
    const { fake, embedder } = setup({}, (input) => ({ ...echoReply(input), delayMs: 40 }));
    const texts = Array.from({ length: 9 }, (_, index) => `${index}`.repeat(32_000)); // one batch each
    const vectors = await embedder.embedBatch(texts);
    expect(fake.requests).toHaveLength(9);
    expect(fake.inFlight.max).toBe(4);
    expect(vectors).toHaveLength(9);
  });

  it("stops starting queued batches once one batch has failed", async () => {
    const { fake, embedder } = setup({}, (input, requestNumber) =>
      requestNumber === 1 ? { status: 400, message: "bad input" } : { ...echoReply(input), delayMs: 40 },
    );
    const texts = Array.from({ length: 9 }, (_, index) => `${index}`.repeat(32_000));
    const error = await failureOf(embedder.embedBatch(texts));
    expect(error.message).toContain("400");
    // Long enough for the three batches in flight to finish and, without the queue cleared, more to start.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.requests).toHaveLength(4);
  });
});

describe("openai embedder: retries", () => {
  it("retries a 429 after 500 ms and 1 s, then succeeds", async () => {
    const { fake, embedder, sleeps } = setup({}, (input, requestNumber) =>
      requestNumber <= 2 ? { status: 429, message: "slow down" } : echoReply(input),
    );
    expect(await embedder.embedBatch(["one"])).toEqual([vectorOf("one", 0)]);
    expect(fake.requests).toHaveLength(3);
    expect(sleeps).toEqual([500, 1_000]);
  });

  it("gives up after 3 retries of a 5xx and names the status without the key", async () => {
    const { fake, embedder, sleeps } = setup({}, () => ({ status: 503, message: `overloaded for ${KEY}` }));
    const error = await failureOf(embedder.embedQuery("q"));
    expect(fake.requests).toHaveLength(4);
    expect(sleeps).toEqual([500, 1_000, 2_000]);
    expect(error.code).toBe("io");
    expect(error.message).toContain("status 503");
    expect(error.message).toContain("4 attempts");
    expect(error.message).toContain("[redacted]");
    expect(error.message).not.toContain(KEY);
  });

  it("does not retry a 400 and keeps the quota code of a 429 in the message", async () => {
    const bad = setup({}, () => ({ status: 400, message: "input too long" }));
    expect((await failureOf(bad.embedder.embedQuery("q"))).message).toContain("after 1 attempt:");
    expect(bad.sleeps).toEqual([]);
    server.resetHandlers();
    const quota = setup({}, () => ({ status: 429, code: "insufficient_quota", message: "You exceeded your quota" }));
    const error = await failureOf(quota.embedder.embedQuery("q"));
    expect(error.message).toContain("status 429 insufficient_quota");
  });

  it("does not retry a connection failure (an unreachable base URL)", async () => {
    server.use(http.post("http://127.0.0.1:9/v1/embeddings", () => HttpResponse.error()));
    const sleeps: number[] = [];
    const embedder = createOpenAIEmbedder({
      apiKey: KEY,
      baseUrl: "http://127.0.0.1:9/v1",
      sleep: async (ms) => void sleeps.push(ms),
    });
    const error = await failureOf(embedder.embedQuery("q"));
    expect(error.message).toMatch(/^openai embeddings request to http:\/\/127\.0\.0\.1:9\/v1 failed after 1 attempt: /);
    expect(sleeps).toEqual([]);
  });

  it("times a query attempt out after 60 s and retries it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { fake, embedder, sleeps } = setup({}, (input, requestNumber) =>
      requestNumber === 1 ? { ...echoReply(input), delayMs: 1_000_000 } : echoReply(input),
    );
    const result = embedder.embedQuery("slow");
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fake.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(10);
    expect(await result).toEqual(vectorOf("slow", 0));
    expect(fake.requests).toHaveLength(2);
    expect(sleeps).toEqual([500]);
  });
});

describe("openai embedder: response checks", () => {
  it("rejects a response with the wrong number of vectors", async () => {
    const { embedder } = setup({}, () => ({ data: [{ index: 0, embedding: [1, 2] }] }));
    const error = await failureOf(embedder.embedBatch(["a", "b"]));
    expect(error.code).toBe("invalid-input");
    expect(error.message).toContain("expected 2 vectors, found 1");
  });

  it("rejects vectors of different lengths in one response", async () => {
    const { embedder } = setup({}, () => ({
      data: [
        { index: 0, embedding: [1, 2] },
        { index: 1, embedding: [1, 2, 3] },
      ],
    }));
    expect((await failureOf(embedder.embedBatch(["a", "b"]))).message).toContain(
      "expected 2 dimensions, found 3 in vector 1",
    );
  });

  it("rejects a later response whose dimensions differ from the first", async () => {
    const { embedder } = setup({}, (_, requestNumber) => ({
      data: [{ index: 0, embedding: requestNumber === 1 ? [1, 2] : [1, 2, 3] }],
    }));
    await embedder.embedQuery("first");
    expect(embedder.dims).toBe(2);
    expect((await failureOf(embedder.embedQuery("second"))).message).toContain(
      "expected 2 dimensions, found 3 in vector 0",
    );
  });

  it("rejects duplicate indexes", async () => {
    const { embedder } = setup({}, () => ({
      data: [
        { index: 0, embedding: [1] },
        { index: 0, embedding: [2] },
      ],
    }));
    expect((await failureOf(embedder.embedBatch(["a", "b"]))).message).toContain(
      "expected indexes 0 to 1 once each, found 0, 0",
    );
  });
});

describe("openai embedder: setup", () => {
  const sleep = async () => {};

  it("refuses a blank key with missing-key before any request", () => {
    expect(() => createOpenAIEmbedder({ apiKey: "  ", sleep })).toThrow(
      expect.objectContaining({ code: "missing-key" }),
    );
  });

  it.each(["not a url", "ftp://example.com/v1"])("refuses base URL %s", (baseUrl) => {
    expect(() => createOpenAIEmbedder({ apiKey: KEY, baseUrl, sleep })).toThrow(
      expect.objectContaining({ code: "invalid-input" }),
    );
  });

  it("refuses a header value that cannot be sent", () => {
    expect(() => createOpenAIEmbedder({ apiKey: KEY, headers: { "X-Bad": "a\nb" }, sleep })).toThrow(
      expect.objectContaining({ code: "invalid-input" }),
    );
  });

  it("has a provider key that ignores the API key but not the base URL", () => {
    const base = createOpenAIEmbedder({ apiKey: KEY, sleep }).providerKey;
    expect(createOpenAIEmbedder({ apiKey: "sk-other", sleep }).providerKey).toBe(base);
    expect(createOpenAIEmbedder({ apiKey: KEY, baseUrl: "http://localhost:8080/v1", sleep }).providerKey).not.toBe(
      base,
    );
  });
});
