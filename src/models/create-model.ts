import type { Model } from "../domain/index.js";
import { createScriptedModel } from "./scripted-model.js";

/** Model providers claw-eval knows, by the prefix of a model id. */
export const MODEL_PROVIDERS = ["scripted"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

export interface ParsedModelId {
  provider: string;
  name: string;
}

/** Splits `provider:name` (a bare `scripted` has an empty name). */
export function parseModelId(id: string): ParsedModelId {
  const colon = id.indexOf(":");
  return colon === -1 ? { provider: id, name: "" } : { provider: id.slice(0, colon), name: id.slice(colon + 1) };
}

type ModelFactory = (parsed: ParsedModelId, id: string) => Model | string;

const FACTORIES: Record<ModelProvider, ModelFactory> = {
  scripted: ({ name }, id) => {
    if (name === "") return createScriptedModel({ id });
    if (name === "echo") return createScriptedModel({ id, source: "echo" });
    return `unknown scripted model "${id}": use "scripted" or "scripted:echo"`;
  },
};

function isProvider(value: string): value is ModelProvider {
  return (MODEL_PROVIDERS as readonly string[]).includes(value);
}

/**
 * Creates the model for an id, or explains why it cannot (an input error: exit 2).
 * Each work unit gets its own instance, so state never leaks between units.
 */
export function createModel(id: string): { ok: true; model: Model } | { ok: false; error: string } {
  const parsed = parseModelId(id);
  if (!isProvider(parsed.provider)) {
    return {
      ok: false,
      error: `unknown model "${id}": expected one of ${MODEL_PROVIDERS.map((provider) => `${provider}[:...]`).join(", ")}`,
    };
  }
  const created = FACTORIES[parsed.provider](parsed, id);
  return typeof created === "string" ? { ok: false, error: created } : { ok: true, model: created };
}
