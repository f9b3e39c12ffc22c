import Anthropic from "@anthropic-ai/sdk";
import type { Model, ModelRequest, ModelResponse } from "../domain/index.js";
import { createSecretRedactor } from "../platform/create-secret-redactor.js";
import { parseAnthropicError } from "./anthropic-error.js";
import { buildAnthropicParams, parseAnthropicMessage } from "./anthropic-messages.js";
import { lookupContextWindow } from "./context-windows.js";
import type { LiveModelOptions } from "./live-model-options.js";
import { computeCostUsd } from "./price-table.js";

/** `maxTokens` defaults to 4096 (the Messages API requires it). */
export type AnthropicModelOptions = LiveModelOptions;

/**
 * A Model backed by the Anthropic Messages API through the official SDK. The SDK never
 * retries (`maxRetries: 0`); retrying is the retry wrapper's job. A request with `onTextDelta`
 * (or `stream: true`) uses the streaming API, and each text delta goes to `onTextDelta` as it
 * arrives. `complete` never throws, and its errors never contain the API key.
 */
export function createAnthropicModel(options: AnthropicModelOptions): Model {
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
    timeout: options.timeoutMs ?? 120_000,
    maxRetries: 0,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  const maxTokens = options.maxTokens ?? 4096;
  // A server may echo the key in an error body; the error must not carry it any further.
  const keyRedactor = createSecretRedactor([options.apiKey]);

  async function send(request: ModelRequest): Promise<Anthropic.Message> {
    // A call's own output limit (a compaction summary's budget) wins over the adapter's default.
    const params = buildAnthropicParams(request, { model: options.model, maxTokens: request.maxTokens ?? maxTokens });
    const requestOptions = request.signal === undefined ? {} : { signal: request.signal };
    const { onTextDelta } = request;
    if (options.stream !== true && onTextDelta === undefined) return client.messages.create(params, requestOptions);
    const stream = client.messages.stream(params, requestOptions);
    if (onTextDelta !== undefined) stream.on("text", (delta) => onTextDelta(delta));
    return stream.finalMessage();
  }

  const contextWindow = lookupContextWindow("anthropic", options.model);
  return {
    id: options.id,
    ...(contextWindow === undefined ? {} : { contextWindow }),
    async complete(request: ModelRequest): Promise<ModelResponse> {
      try {
        const { message, usage } = parseAnthropicMessage(await send(request));
        const costUsd = computeCostUsd({ provider: "anthropic", model: options.model, usage });
        return { ok: true, message, usage, costUsd };
      } catch (error) {
        return { ok: false, error: keyRedactor.redactValue(parseAnthropicError(error, request.signal)) };
      }
    },
  };
}
