import type OpenAI from "openai";
import pLimit from "p-limit";
import { ClawEvalError, errorMessage } from "../../domain/index.js";
import { createSecretRedactor } from "../../platform/create-secret-redactor.js";
import { computeProviderKey } from "./compute-provider-key.js";
import type { Embedder } from "./embedder.js";
import { planEmbeddingBatches } from "./plan-embedding-batches.js";
import { readEmbeddingVectors } from "./read-embedding-vectors.js";
import { retryEmbeddingRequest } from "./retry-embedding-request.js";

export const OPENAI_EMBEDDING_BASE_URL = "https://api.openai.com/v1";
export const OPENAI_EMBEDDING_MODEL = "text-embedding-3-small";
/** Milliseconds per attempt (memory.md §4.2). */
export const EMBEDDING_QUERY_TIMEOUT_MS = 60_000;
export const EMBEDDING_BATCH_TIMEOUT_MS = 120_000;
/** Batch requests in flight at once. */
export const EMBEDDING_CONCURRENCY = 4;

export interface OpenAIEmbedderOptions {
  /** Sent as `Authorization: Bearer <key>`; blank ⇒ a `missing-key` error. Never appears in an error message. */
  apiKey: string;
  /** Any OpenAI-compatible server (Ollama, llama.cpp, ...); default {@link OPENAI_EMBEDDING_BASE_URL}. */
  baseUrl?: string;
  /** Default {@link OPENAI_EMBEDDING_MODEL}. */
  model?: string;
  /** Extra request headers (`remote.headers`). */
  headers?: Readonly<Record<string, string>>;
  /** Waits between retries; pass the runtime's `sleep`. */
  sleep: (ms: number) => Promise<void>;
  /** Called around each HTTP attempt so simulated time stands still meanwhile; pass the runtime's `holdTime`. */
  holdTime?: () => () => void;
}

function checkSetup(options: OpenAIEmbedderOptions, baseUrl: string, model: string): void {
  if (options.apiKey.trim() === "") {
    throw new ClawEvalError("missing-key", "no API key for openai embeddings (remote.apiKey or OPENAI_API_KEY)");
  }
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new ClawEvalError("invalid-input", `remote.baseUrl must be an http(s) URL, found ${JSON.stringify(baseUrl)}`);
  }
  if (model.trim() === "") throw new ClawEvalError("invalid-input", "the embedding model name is blank");
  try {
    new Headers(options.headers as Record<string, string> | undefined);
  } catch (error) {
    throw new ClawEvalError("invalid-input", `remote.headers cannot be sent: ${errorMessage(error)}`);
  }
}

/**
 * An embedder on an OpenAI-compatible `/embeddings` endpoint through the official SDK (memory.md
 * §5.3), with SDK retries off: batches of ≤ 8 000 estimated tokens, up to 4 in flight, each attempt
 * retried 3 times on 429/5xx/timeouts; 60 s per query attempt, 120 s per batch attempt. Throws a
 * `ClawEvalError` at once for a blank key (`missing-key`) or an unusable base URL, model or header
 * (`invalid-input`); the SDK client itself is created at the first request. Requests reject with
 * `io` (transport) or `invalid-input` (wrong vector count, indexes or dimensions).
 */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const baseUrl = options.baseUrl ?? OPENAI_EMBEDDING_BASE_URL;
  const model = options.model ?? OPENAI_EMBEDDING_MODEL;
  checkSetup(options, baseUrl, model);
  const redact = createSecretRedactor([options.apiKey]).redactText;
  let client: OpenAI | undefined;
  let dims: number | undefined;

  // The SDK loads at the first request: most runs never embed, and loading it costs a tenth of
  // a second.
  const openai = async (): Promise<OpenAI> => {
    const { default: OpenAIClient } = await import("openai");
    // Explicit nulls keep the SDK from reading OPENAI_ORG_ID and friends from the environment.
    client ??= new OpenAIClient({
      apiKey: options.apiKey,
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      baseURL: baseUrl,
      maxRetries: 0,
      ...(options.headers === undefined ? {} : { defaultHeaders: { ...options.headers } }),
    });
    return client;
  };

  async function request(input: string[], timeoutMs: number): Promise<number[][]> {
    const { describeEmbeddingFailure, isRetryableEmbeddingError } = await import("./describe-embedding-failure.js");
    let attempts = 0;
    const send = async (attemptNumber: number) => {
      attempts = attemptNumber;
      const release = options.holdTime?.();
      try {
        return await (await openai()).embeddings.create(
          { model, input, encoding_format: "float" },
          { timeout: timeoutMs },
        );
      } finally {
        release?.();
      }
    };
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      response = await retryEmbeddingRequest(send, { sleep: options.sleep, isRetryable: isRetryableEmbeddingError });
    } catch (error) {
      const reason = redact(describeEmbeddingFailure(error, { attempts, timeoutMs }));
      throw new ClawEvalError("io", `openai embeddings request to ${baseUrl} ${reason}`);
    }
    const vectors = readEmbeddingVectors(response.data, { expectedCount: input.length, dims });
    dims ??= vectors[0]?.length;
    return vectors;
  }

  return {
    id: "openai",
    model,
    get dims() {
      return dims;
    },
    providerKey: computeProviderKey({
      provider: "openai",
      model,
      baseUrl,
      ...(options.headers ? { headers: options.headers } : {}),
    }),
    async embedQuery(text) {
      const [vector] = await request([text], EMBEDDING_QUERY_TIMEOUT_MS);
      return vector ?? [];
    },
    async embedBatch(texts) {
      const limit = pLimit(EMBEDDING_CONCURRENCY);
      const batches = planEmbeddingBatches(texts);
      const run = async (batch: number[]) => {
        try {
          return await request(
            batch.map((index) => texts[index] ?? ""),
            EMBEDDING_BATCH_TIMEOUT_MS,
          );
        } catch (error) {
          limit.clearQueue();
          throw error;
        }
      };
      const results = await Promise.all(batches.map((batch) => limit(() => run(batch))));
      return results.flat();
    },
  };
}
