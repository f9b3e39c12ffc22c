import type { HookResult, ModifyingHookName } from "../domain/index.js";

/** How one modifying hook folds its handlers' results (spec/loop.md §3.3). */
export interface HookMergeRule<K extends ModifyingHookName> {
  /** Folds `next` (never nullish) into what earlier, higher-priority handlers returned. */
  merge(accumulated: HookResult<K> | undefined, next: HookResult<K>): HookResult<K>;
  /** A terminal result stops the remaining handlers (`block`, `cancel`). */
  stops(next: HookResult<K>): boolean;
}

/** Drops keys whose value is `undefined`, so merged results only carry what a handler set. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

function joinContext(first: string | undefined, second: string | undefined): string | undefined {
  if (first === undefined) return second;
  if (second === undefined) return first;
  return `${first}\n\n${second}`;
}

const never = (): boolean => false;

const mergeModelResolve: HookMergeRule<"before_model_resolve">["merge"] = (accumulated, next) =>
  compact({
    modelOverride: accumulated?.modelOverride ?? next.modelOverride,
    providerOverride: accumulated?.providerOverride ?? next.providerOverride,
  });

const mergePromptBuild: HookMergeRule<"before_prompt_build">["merge"] = (accumulated, next) =>
  compact({
    systemPrompt: accumulated?.systemPrompt ?? next.systemPrompt,
    prependContext: joinContext(accumulated?.prependContext, next.prependContext),
  });

/**
 * Classic 2026.3.31 merge rules, one per modifying hook; a modifying hook without a rule fails
 * to compile. First-defined fields keep the highest-priority handler's value.
 */
export const HOOK_MERGE_RULES: { readonly [K in ModifyingHookName]: HookMergeRule<K> } = {
  before_model_resolve: { merge: mergeModelResolve, stops: never },
  before_prompt_build: { merge: mergePromptBuild, stops: never },
  before_agent_start: {
    merge: (accumulated, next) =>
      compact({ ...mergeModelResolve(accumulated, next), ...mergePromptBuild(accumulated, next) }),
    stops: never,
  },
  before_tool_call: {
    merge: (accumulated, next) =>
      compact({
        params: next.params ?? accumulated?.params,
        block: accumulated?.block === true || next.block === true ? true : (next.block ?? accumulated?.block),
        blockReason: next.blockReason ?? accumulated?.blockReason,
      }),
    stops: (next) => next.block === true,
  },
  message_sending: {
    merge: (accumulated, next) =>
      compact({
        content: next.content ?? accumulated?.content,
        cancel: accumulated?.cancel === true || next.cancel === true ? true : (next.cancel ?? accumulated?.cancel),
      }),
    stops: (next) => next.cancel === true,
  },
  subagent_spawning: {
    merge: (accumulated, next) => {
      const failed = accumulated?.status === "error" ? accumulated : next.status === "error" ? next : undefined;
      const threadBindingReady =
        accumulated?.threadBindingReady === true || next.threadBindingReady === true
          ? true
          : (next.threadBindingReady ?? accumulated?.threadBindingReady);
      return compact({
        status: failed === undefined ? (next.status ?? accumulated?.status) : "error",
        error: failed?.error,
        threadBindingReady,
      });
    },
    stops: never,
  },
  subagent_delivery_target: {
    merge: (accumulated, next) => compact({ origin: accumulated?.origin ?? next.origin }),
    stops: never,
  },
};
