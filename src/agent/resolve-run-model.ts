import type { HookResult, Message, Model } from "../domain/index.js";
import { parseModelId } from "../domain/index.js";
import type { RunHooks } from "./create-run-hooks.js";

export interface ResolveRunModelOptions {
  hooks: RunHooks;
  /** The run's user text. */
  prompt: string;
  /** The session history before this run. */
  messages: readonly Message[];
  model: Model;
  /** Turns a model id into a model; absent or `undefined` ⇒ the override is not honoured. */
  resolveModel?: (id: string) => Model | undefined;
}

export interface RunModel {
  model: Model;
  /** `before_agent_start`'s merged result; its prompt fields apply after `before_prompt_build`. */
  legacy: HookResult<"before_agent_start"> | undefined;
}

/**
 * Hooks `before_model_resolve` then `before_agent_start` (spec/loop.md §2.1 step 4). The first
 * defined override wins, `before_model_resolve` before the legacy hook. The model id is
 * `<providerOverride>:<modelOverride>`; a missing half keeps the current model's. A
 * `modelOverride` with a colon and no `providerOverride` is a whole model id. An override
 * `resolveModel` cannot turn into a model is reported as `hook_error` (plugin `runtime`) and the
 * run keeps its model.
 */
export async function resolveRunModel(options: ResolveRunModelOptions): Promise<RunModel> {
  const { hooks, prompt, messages } = options;
  const resolved = await hooks.modify("before_model_resolve", { prompt });
  const legacy = await hooks.modify("before_agent_start", { prompt, messages });
  const modelOverride = resolved?.modelOverride ?? legacy?.modelOverride;
  const providerOverride = resolved?.providerOverride ?? legacy?.providerOverride;
  if (modelOverride === undefined && providerOverride === undefined) return { model: options.model, legacy };
  const current = parseModelId(options.model.id);
  const id =
    providerOverride === undefined && modelOverride?.includes(":")
      ? modelOverride
      : joinModelId(providerOverride ?? current.provider, modelOverride ?? current.name);
  if (id === options.model.id) return { model: options.model, legacy };
  const model = options.resolveModel?.(id);
  if (model !== undefined) return { model, legacy };
  hooks.report({
    type: "hook_error",
    hook:
      resolved?.modelOverride !== undefined || resolved?.providerOverride !== undefined
        ? "before_model_resolve"
        : "before_agent_start",
    pluginId: "runtime",
    message: `model override "${id}" could not be resolved; the run keeps ${options.model.id}`,
  });
  return { model: options.model, legacy };
}

function joinModelId(provider: string, name: string): string {
  return name === "" ? provider : `${provider}:${name}`;
}
