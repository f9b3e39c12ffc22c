import type { Model, ParsedModelId } from "../domain/index.js";
import { parseModelId } from "../domain/index.js";
import { contextWindowOfModelId } from "./context-windows.js";
import { createLazyModel } from "./create-lazy-model.js";
import { findModelNameProblem } from "./find-model-name-problem.js";
import { parseOpenAIModelName } from "./parse-openai-model-name.js";
import { parseSimulatedModelId } from "./parse-simulated-model-id.js";
import { createScriptedModel } from "./scripted-model.js";
import { createSimulatedModel } from "./simulated-model.js";

/** Model providers claw-eval knows, by the prefix of a model id. */
export const MODEL_PROVIDERS = ["scripted", "simulated", "anthropic", "openai"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

export interface CreateModelOptions {
  /** The host environment: API keys and the SDKs' base URL variables. */
  env?: Readonly<Record<string, string>>;
  /** Per-request timeout for live providers, ms (default 120000). */
  timeoutMs?: number;
}

type ModelFactory = (parsed: ParsedModelId, id: string, options: CreateModelOptions) => Model | string;

function lazyContextWindow(id: string): { contextWindow?: number } {
  const contextWindow = contextWindowOfModelId(id);
  return contextWindow === undefined ? {} : { contextWindow };
}

function missingKey(id: string, variable: string): string {
  return `model ${id} needs ${variable}: set it in the environment, or add --replay (run and compare) to answer from recorded cassettes`;
}

const FACTORIES: Record<ModelProvider, ModelFactory> = {
  scripted: ({ name }, id) => {
    if (name === "") return createScriptedModel({ id });
    if (name === "echo") return createScriptedModel({ id, source: "echo" });
    return `unknown scripted model "${id}": use "scripted" or "scripted:echo"`;
  },
  simulated: ({ name }, id) => {
    const parsed = parseSimulatedModelId(name);
    return parsed.ok
      ? createSimulatedModel({ id, ...parsed.value })
      : `invalid simulated model "${id}": ${parsed.error}`;
  },
  anthropic: ({ name }, id, { env = {}, timeoutMs }) => {
    if (name === "") return `model id "${id}" names no model: use anthropic:<model>`;
    const problem = findModelNameProblem(id, { model: name });
    if (problem !== undefined) return problem;
    const apiKey = env.ANTHROPIC_API_KEY?.trim();
    if (!apiKey) return missingKey(id, "ANTHROPIC_API_KEY");
    const baseURL = env.ANTHROPIC_BASE_URL?.trim();
    return createLazyModel({
      id,
      ...lazyContextWindow(id),
      load: async () =>
        (await import("./anthropic-model.js")).createAnthropicModel({
          id,
          model: name,
          apiKey,
          ...(baseURL ? { baseURL } : {}),
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        }),
    });
  },
  openai: ({ name }, id, { env = {}, timeoutMs }) => {
    if (name === "") return `model id "${id}" names no model: use openai:<model> or openai:<model>@<baseURL>`;
    const parsed = parseOpenAIModelName(name);
    const problem = findModelNameProblem(id, parsed);
    if (problem !== undefined) return problem;
    const baseURL = parsed.baseURL ?? env.OPENAI_BASE_URL?.trim();
    // A compatible server named with @baseURL (vLLM, llama.cpp, Ollama) often needs no key.
    const apiKey = env.OPENAI_API_KEY?.trim() || (parsed.baseURL ? "no-key" : "");
    if (!apiKey) return missingKey(id, "OPENAI_API_KEY");
    return createLazyModel({
      id,
      ...lazyContextWindow(id),
      load: async () =>
        (await import("./openai-model.js")).createOpenAIModel({
          id,
          model: parsed.model,
          apiKey,
          ...(baseURL ? { baseURL } : {}),
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        }),
    });
  },
};

function isProvider(value: string): value is ModelProvider {
  return (MODEL_PROVIDERS as readonly string[]).includes(value);
}

/**
 * Creates the model for an id, or explains why it cannot (an input error: exit 2 before
 * anything runs, e.g. an unknown provider or a missing API key naming the model).
 * Each work unit gets its own instance, so state never leaks between units.
 */
export function createModel(
  id: string,
  options: CreateModelOptions = {},
): { ok: true; model: Model } | { ok: false; error: string } {
  const parsed = parseModelId(id);
  if (!isProvider(parsed.provider)) {
    return {
      ok: false,
      error: `unknown model "${id}": expected one of ${MODEL_PROVIDERS.map((provider) => `${provider}[:...]`).join(", ")}`,
    };
  }
  const created = FACTORIES[parsed.provider](parsed, id, options);
  return typeof created === "string" ? { ok: false, error: created } : { ok: true, model: created };
}
