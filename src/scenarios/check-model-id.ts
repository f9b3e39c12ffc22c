import { parseModelId } from "../domain/index.js";
import { createModel, MODEL_PROVIDERS } from "../models/create-model.js";
import { suggestName } from "./suggest-name.js";

/** The "expected ..." of a bad model id, naming every provider claw-eval knows. */
export const MODEL_ID_RULE = `a model id of a known provider (${MODEL_PROVIDERS.join(", ")}), e.g. scripted or anthropic:<model>`;

// Only the id is checked here; API keys are checked when the run starts, so stand-ins let the
// providers that need one judge the rest of the id.
const STAND_IN_KEYS: Readonly<Record<string, string>> = { ANTHROPIC_API_KEY: "set", OPENAI_API_KEY: "set" };

export interface ModelIdProblem {
  /** Why the id names no model, in the model factory's words. */
  problem: string;
  /** The provider part of the id when no provider has that name. */
  unknownProvider?: string;
  /** A likely intended id when the provider looks misspelt (`opnai:x` -> `openai:x`). */
  suggestion?: string;
}

/**
 * Why `id` names no model whatever the environment (unknown provider, a provider's malformed
 * name), or `undefined` when a model can be built from it given its API key. Pure: building a
 * live model only records its settings.
 */
export function checkModelId(id: string): ModelIdProblem | undefined {
  const created = createModel(id, { env: STAND_IN_KEYS });
  if (created.ok) return undefined;
  const { provider, name } = parseModelId(id);
  if ((MODEL_PROVIDERS as readonly string[]).includes(provider)) return { problem: created.error };
  const suggested = suggestName(provider, MODEL_PROVIDERS);
  const unknown = { problem: created.error, unknownProvider: provider };
  return suggested === undefined
    ? unknown
    : { ...unknown, suggestion: name === "" ? suggested : `${suggested}:${name}` };
}
