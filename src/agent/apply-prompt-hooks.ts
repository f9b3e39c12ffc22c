import type { HookResult, Message } from "../domain/index.js";
import type { RunHooks } from "./create-run-hooks.js";

export interface ApplyPromptHooksOptions {
  hooks: RunHooks;
  /** The run's user text. */
  prompt: string;
  /** The session history before this run. */
  messages: readonly Message[];
  /** The assembled system prompt. */
  systemPrompt: string;
  /** `before_agent_start`'s result, from `resolveRunModel`. */
  legacy: HookResult<"before_agent_start"> | undefined;
}

export interface PromptHookOutcome {
  systemPrompt: string;
  /** The user text the model sees: `<prependContext>\n\n<prompt>` when a hook prepends. */
  prompt: string;
}

/**
 * Hook `before_prompt_build` (spec/loop.md §2.1 step 6, §3.3): its first defined `systemPrompt`
 * replaces the assembled one, else `before_agent_start`'s; `prependContext` is
 * `before_prompt_build`'s joined with `before_agent_start`'s by a blank line, and goes before
 * the user text.
 */
export async function applyPromptHooks(options: ApplyPromptHooksOptions): Promise<PromptHookOutcome> {
  const { hooks, prompt, legacy } = options;
  const built = await hooks.modify("before_prompt_build", { prompt, messages: options.messages });
  const systemPrompt = built?.systemPrompt ?? legacy?.systemPrompt ?? options.systemPrompt;
  const parts = [built?.prependContext, legacy?.prependContext].filter((part) => part !== undefined);
  return { systemPrompt, prompt: parts.length === 0 ? prompt : `${parts.join("\n\n")}\n\n${prompt}` };
}
