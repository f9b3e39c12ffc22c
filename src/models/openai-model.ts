import OpenAI from "openai";
import type { Model, ModelError, ModelRequest, ModelResponse } from "../domain/index.js";
import { createSecretRedactor } from "../platform/create-secret-redactor.js";
import { lookupContextWindow } from "./context-windows.js";
import type { LiveModelOptions } from "./live-model-options.js";
import { toOpenAIModelError } from "./openai-error.js";
import { buildOpenAIRequest } from "./openai-request.js";
import {
  buildOpenAIMessage,
  buildOpenAIUsage,
  type OpenAIChoiceData,
  readOpenAICompletion,
} from "./openai-response.js";
import { accumulateOpenAIStream } from "./openai-stream.js";
import { computeCostUsd } from "./price-table.js";

export { parseOpenAIModelName } from "./parse-openai-model-name.js";

/** `maxTokens` is sent as `max_completion_tokens` to OpenAI and `max_tokens` with a custom `baseURL`. */
export interface OpenAIModelOptions extends LiveModelOptions {
  /** Current time in ms since the epoch, only for HTTP-date `retry-after` headers sent without a `date` header. */
  now?: () => number;
}

/**
 * A model on the Chat Completions API through the official SDK, with SDK retries off (the
 * retry wrapper decides). `complete` never throws: failures are `{ ok: false, error }`, and a
 * response without a choice is a retryable `malformed` error.
 */
const OPENAI_BASE_URL = "https://api.openai.com/v1";

function createClient(options: OpenAIModelOptions): OpenAI | ModelError {
  try {
    // Explicit nulls keep the SDK from reading OPENAI_BASE_URL, OPENAI_ORG_ID, ... from the environment.
    return new OpenAI({
      apiKey: options.apiKey,
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      baseURL: options.baseURL ?? OPENAI_BASE_URL,
      timeout: options.timeoutMs ?? 120_000,
      maxRetries: 0,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
  } catch (error) {
    // The SDK refuses an empty key; report it per call since `complete` must not throw.
    return { kind: "auth", message: error instanceof Error ? error.message : String(error), retryable: false };
  }
}

/**
 * A model on the Chat Completions API through the official SDK, with SDK retries off (the
 * retry wrapper decides). `complete` never throws: failures are `{ ok: false, error }`, never
 * containing the API key, and a response without a choice is a retryable `malformed` error. A
 * request with `onTextDelta` (or `stream: true`) is streamed; each content delta goes to
 * `onTextDelta` as it arrives.
 */
export function createOpenAIModel(options: OpenAIModelOptions): Model {
  const client = createClient(options);
  const maxTokensField = options.baseURL === undefined ? "max_completion_tokens" : "max_tokens";

  async function send(openai: OpenAI, request: ModelRequest): Promise<OpenAIChoiceData | undefined> {
    const maxTokens = request.maxTokens ?? options.maxTokens;
    const body = buildOpenAIRequest(request, {
      model: options.model,
      ...(maxTokens === undefined ? {} : { maxTokens }),
      maxTokensField,
    });
    const requestOptions = request.signal === undefined ? {} : { signal: request.signal };
    const { onTextDelta } = request;
    if (options.stream !== true && onTextDelta === undefined) {
      return readOpenAICompletion(await openai.chat.completions.create({ ...body, stream: false }, requestOptions));
    }
    const stream = await openai.chat.completions.create(
      { ...body, stream: true, stream_options: { include_usage: true } },
      requestOptions,
    );
    return accumulateOpenAIStream(stream, onTextDelta === undefined ? {} : { onTextDelta });
  }

  async function complete(openai: OpenAI, request: ModelRequest): Promise<ModelResponse> {
    const context = { signal: request.signal, now: options.now };
    try {
      const data = await send(openai, request);
      // The SDK ends a stream quietly when it is aborted mid-way.
      if (request.signal?.aborted) return { ok: false, error: toOpenAIModelError(undefined, context) };
      if (data === undefined) {
        return { ok: false, error: { kind: "malformed", message: "response has no choices", retryable: true } };
      }
      const usage = buildOpenAIUsage(data.usage);
      const costUsd = computeCostUsd({ provider: "openai", model: options.model, usage });
      return { ok: true, message: buildOpenAIMessage(data), usage, costUsd } satisfies ModelResponse;
    } catch (error) {
      return { ok: false, error: toOpenAIModelError(error, context) };
    }
  }

  // A server may echo the key in an error body; the error must not carry it any further.
  const keyRedactor = createSecretRedactor([options.apiKey]);
  const contextWindow = lookupContextWindow("openai", options.model);
  return {
    id: options.id,
    ...(contextWindow === undefined ? {} : { contextWindow }),
    async complete(request) {
      const response =
        client instanceof OpenAI ? await complete(client, request) : { ok: false as const, error: client };
      return response.ok ? response : { ok: false, error: keyRedactor.redactValue(response.error) };
    },
  };
}
