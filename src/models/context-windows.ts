import type { Model } from "../domain/index.js";
import { parseModelId } from "../domain/index.js";
import { parseOpenAIModelName } from "./parse-openai-model-name.js";

/**
 * Context windows (tokens) of the Claude and GPT models current in early 2026, from the
 * providers' model pages. A model name matches the longest prefix listed for its provider, so
 * dated ids (`claude-sonnet-4-5-20250929`, `gpt-4.1-2025-04-14`) and size variants
 * (`gpt-5-mini`) resolve; an unlisted name has no known window (the context engine then uses the
 * scenario's `contextWindow`, config, or its 200 000 default).
 *
 * Claude Opus 4.6 and Sonnet 4.6 list a 1M window (at their February 2026 launch it needed the
 * `context-1m` beta header; the model pages now state 1M). Earlier Claude models are 200K
 * without that header, which the adapters never send. GPT-5.4's 1 050 000 is its whole window
 * (input plus output).
 */
export const CONTEXT_WINDOWS_AS_OF = "2026-03";

export type ContextWindowProvider = "anthropic" | "openai";

export const CONTEXT_WINDOWS: Readonly<Record<ContextWindowProvider, Readonly<Record<string, number>>>> = {
  anthropic: {
    "claude-opus-4-6": 1_000_000,
    "claude-sonnet-4-6": 1_000_000,
    "claude-opus-4-5": 200_000,
    "claude-sonnet-4-5": 200_000,
    "claude-haiku-4-5": 200_000,
    "claude-opus-4-1": 200_000,
    "claude-opus-4": 200_000,
    "claude-sonnet-4": 200_000,
    "claude-3-7-sonnet": 200_000,
    "claude-3-5-haiku": 200_000,
  },
  openai: {
    "gpt-5.4": 1_050_000,
    "gpt-5.3-codex": 400_000,
    "gpt-5.2-chat": 128_000,
    "gpt-5.2": 400_000,
    "gpt-5.1-chat": 128_000,
    "gpt-5.1": 400_000,
    "gpt-5-chat": 128_000,
    "gpt-5": 400_000,
    "gpt-4.1": 1_047_576,
    "gpt-4o": 128_000,
    o4: 200_000,
    o3: 200_000,
    o1: 200_000,
  },
};

/**
 * The context window of `model` (the name after `anthropic:` / `openai:`, without any
 * `@baseURL`), in tokens, by longest listed prefix; `undefined` when no prefix matches.
 */
export function lookupContextWindow(provider: ContextWindowProvider, model: string): number | undefined {
  let best: { prefix: string; tokens: number } | undefined;
  for (const [prefix, tokens] of Object.entries(CONTEXT_WINDOWS[provider])) {
    if (model.startsWith(prefix) && (best === undefined || prefix.length > best.prefix.length)) {
      best = { prefix, tokens };
    }
  }
  return best?.tokens;
}

/**
 * The known context window of a model id (`anthropic:<model>`, `openai:<model>[@baseURL]`),
 * tokens; `undefined` for other providers (scripted, simulated) and unlisted models. Replay
 * models use it so a replayed run compacts exactly where the recorded one did.
 */
export function contextWindowOfModelId(id: string): number | undefined {
  const { provider, name } = parseModelId(id);
  if (provider === "anthropic") return lookupContextWindow("anthropic", name);
  if (provider === "openai") return lookupContextWindow("openai", parseOpenAIModelName(name).model);
  return undefined;
}

/** `{ contextWindow }` of `model` when it has one, else `{}`: what a wrapping model spreads in. */
export function contextWindowField(model: Pick<Model, "contextWindow">): { contextWindow?: number } {
  return model.contextWindow === undefined ? {} : { contextWindow: model.contextWindow };
}
