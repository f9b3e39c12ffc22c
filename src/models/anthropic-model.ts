import Anthropic from "@anthropic-ai/sdk";
import type { Model, ModelRequest, ModelResponse } from "../domain/index.js";
import { parseAnthropicError } from "./anthropic-error.js";
import { buildAnthropicParams, parseAnthropicMessage } from "./anthropic-messages.js";
import { computeCostUsd } from "./price-table.js";

export interface AnthropicModelOptions {
  /** Model id as given on the command line, e.g. `anthropic:claude-x`. */
  id: string;
  /** The API's model name, e.g. `claude-x`. */
  model: string;
  apiKey: string;
  /** When absent the SDK's own default applies (`ANTHROPIC_BASE_URL`, then the public API). */
  baseURL?: string;
  /** Per-request timeout in milliseconds. Default 120000. */
  timeoutMs?: number;
  /** `max_tokens` of every call, in tokens. Default 4096. */
  maxTokens?: number;
  /** Use the streaming API and return its final message. Default false. */
  stream?: boolean;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
}

/**
 * A Model backed by the Anthropic Messages API through the official SDK. The SDK never
 * retries (`maxRetries: 0`); retrying is the retry wrapper's job. `complete` never throws.
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

  async function send(request: ModelRequest): Promise<Anthropic.Message> {
    const params = buildAnthropicParams(request, { model: options.model, maxTokens });
    const requestOptions = request.signal === undefined ? {} : { signal: request.signal };
    if (options.stream === true) return client.messages.stream(params, requestOptions).finalMessage();
    return client.messages.create(params, requestOptions);
  }

  return {
    id: options.id,
    async complete(request: ModelRequest): Promise<ModelResponse> {
      try {
        const { message, usage } = parseAnthropicMessage(await send(request));
        const costUsd = computeCostUsd({ provider: "anthropic", model: options.model, usage });
        return { ok: true, message, usage, costUsd };
      } catch (error) {
        return { ok: false, error: parseAnthropicError(error, request.signal) };
      }
    },
  };
}
