import {
  ClawEvalError,
  errorMessage,
  type HookContextOf,
  type HookEvent,
  type HookHandler,
  type HookName,
  type HookRegistration,
  type HookResult,
  isHookName,
  type ModifyingHookName,
  raceAbort,
  type SyncHookName,
  type VoidHookName,
} from "../domain/index.js";
import { HOOK_MERGE_RULES } from "./hook-merge-rules.js";

/** What running a hook reports, in order; the session adds `runId` / `sessionKey`. */
export type HookNotice =
  | { type: "hook_called"; hook: HookName; pluginId: string }
  | { type: "hook_error"; hook: HookName; pluginId: string; message: string }
  | { type: "hook_warning"; hook: HookName; pluginId: string; message: string };

/** One dispatch of a hook. */
export interface HookCall<K extends HookName> {
  event: HookEvent<K>;
  context: HookContextOf<K>;
  /** Receives `hook_called` before each handler runs, and its `hook_error` / `hook_warning`. Must not throw. */
  report?: (notice: HookNotice) => void;
  /**
   * The calling run's signal (its run timeout, an interrupt): once it aborts, this call stops
   * waiting for its handlers, as for the registry's `signal`.
   */
  signal?: AbortSignal;
}

export interface ModifyingHookCall<K extends ModifyingHookName> extends HookCall<K> {
  /** Called with the plugin whose terminal result (`block`, `cancel`) stopped the chain. */
  onStop?: (pluginId: string) => void;
}

/**
 * Plugin hooks of one session (spec/loop.md §3.2). Handlers run in descending priority,
 * equal priorities in registration order. Every handler error is caught, logged and
 * reported (fail-open); every runner resolves `undefined` when no handler returned anything
 * (in particular when none is registered). There are no timeouts.
 */
export interface HookRegistry {
  /** Throws a `ClawEvalError` for a name outside {@link HookName} or a handler that is no function. */
  on<K extends HookName>(hookName: K, handler: HookHandler<K>, registration: HookRegistration): void;
  hasHooks(hookName: HookName): boolean;
  getHookCount(hookName: HookName): number;
  /** All handlers start in order and are awaited together; results are ignored. */
  runVoid<K extends VoidHookName>(hookName: K, call: HookCall<K>): Promise<void>;
  /** Handlers run one after another; results merge per `HOOK_MERGE_RULES`; a terminal result stops. */
  runModifying<K extends ModifyingHookName>(
    hookName: K,
    call: ModifyingHookCall<K>,
  ): Promise<HookResult<K> | undefined>;
  /**
   * Synchronous chain: each handler sees the message the previous one returned; a returned
   * Promise is ignored with a warning; `before_message_write` `block: true` stops.
   */
  runSync<K extends SyncHookName>(hookName: K, call: HookCall<K>): HookResult<K> | undefined;
}

export interface HookRegistryOptions {
  /** Receives the `[hooks] …` log lines (handler failures, ignored Promises). Default: dropped; the notices still report them. */
  log?: (line: string) => void;
  /**
   * The unit's abort signal. Once it aborts, hook calls stop waiting for their handlers, so a
   * handler that never settles cannot hold a timed-out or interrupted unit: a void hook still
   * starts its handlers and returns without them; a modifying hook rejects with an `AbortError`
   * (its remaining handlers are not called, so nothing they would have blocked goes ahead).
   * Handlers already started keep running, unwatched.
   */
  signal?: AbortSignal;
  /**
   * How handlers are awaited: `runtime.realWait`, so the wall time a handler takes can reach
   * the run timeout on the unit's simulated clock. Default: awaited as they are.
   */
  realWait?: <T>(promise: Promise<T>) => Promise<T>;
}

interface Entry {
  pluginId: string;
  priority: number;
  handler: (event: unknown, context: unknown) => unknown;
}

/** `[hooks] <hook> handler from <pluginId> failed: <error>` (spec/loop.md §3.2). */
export function formatHookFailure(hook: string, pluginId: string, message: string): string {
  return `[hooks] ${hook} handler from ${pluginId} failed: ${message}`;
}

const PROMISE_WARNING = (hook: string): string =>
  `returned a Promise, but ${hook} is a synchronous hook, so the result was ignored`;

/** Terminal results of the sync hooks: `before_message_write` `block: true` stops the chain. */
const SYNC_STOPS: { readonly [K in SyncHookName]: (result: { block?: boolean }) => boolean } = {
  tool_result_persist: () => false,
  before_message_write: (result) => result.block === true,
};

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

export function createHookRegistry(options: HookRegistryOptions = {}): HookRegistry {
  const log = options.log ?? (() => {});
  const realWait = options.realWait ?? (<T>(promise: Promise<T>) => promise);
  /** The unit's signal, joined with the calling run's when it has one. */
  const signalOf = (call: { signal?: AbortSignal }): AbortSignal | undefined => {
    if (call.signal === undefined) return options.signal;
    return options.signal === undefined ? call.signal : AbortSignal.any([options.signal, call.signal]);
  };
  const entries = new Map<HookName, Entry[]>();
  const handlersOf = (hookName: HookName): readonly Entry[] => entries.get(hookName) ?? [];
  const failed = (hookName: HookName, entry: Entry, error: unknown, report: HookCall<HookName>["report"]): void => {
    const message = errorMessage(error);
    log(formatHookFailure(hookName, entry.pluginId, message));
    report?.({ type: "hook_error", hook: hookName, pluginId: entry.pluginId, message });
  };

  return {
    on(hookName, handler, registration) {
      if (!isHookName(hookName)) throw new ClawEvalError("invalid-input", `unknown hook "${String(hookName)}"`);
      if (typeof handler !== "function") {
        throw new ClawEvalError(
          "invalid-input",
          `the ${hookName} handler of ${registration.pluginId} is not a function`,
        );
      }
      const entry: Entry = {
        pluginId: registration.pluginId,
        priority: registration.priority ?? 0,
        handler: handler as Entry["handler"],
      };
      const list = [...handlersOf(hookName)];
      // Insert after every entry of higher or equal priority: descending, stable.
      const index = list.findIndex((existing) => existing.priority < entry.priority);
      list.splice(index === -1 ? list.length : index, 0, entry);
      entries.set(hookName, list);
    },
    hasHooks: (hookName) => handlersOf(hookName).length > 0,
    getHookCount: (hookName) => handlersOf(hookName).length,

    async runVoid(hookName, call) {
      const list = handlersOf(hookName);
      if (list.length === 0) return;
      const runs = list.map((entry) => {
        call.report?.({ type: "hook_called", hook: hookName, pluginId: entry.pluginId });
        try {
          return Promise.resolve(entry.handler(call.event, call.context));
        } catch (error) {
          return Promise.reject(error);
        }
      });
      let settled: PromiseSettledResult<unknown>[];
      const signal = signalOf(call);
      try {
        settled = await realWait(raceAbort(() => Promise.allSettled(runs), signal, `The ${hookName} hook`));
      } catch (error) {
        // Aborted: the handlers were started; the caller goes on without them and meets the abort itself.
        if (signal?.aborted === true) return;
        throw error;
      }
      // Failures are reported after all settle, in handler order, so the event order is fixed.
      settled.forEach((outcome, index) => {
        const entry = list[index];
        if (outcome.status === "rejected" && entry) failed(hookName, entry, outcome.reason, call.report);
      });
    },

    async runModifying(hookName, call) {
      const rule = HOOK_MERGE_RULES[hookName] as (typeof HOOK_MERGE_RULES)[ModifyingHookName];
      type Result = HookResult<ModifyingHookName>;
      let accumulated: Result | undefined;
      const signal = signalOf(call);
      for (const entry of handlersOf(hookName)) {
        call.report?.({ type: "hook_called", hook: hookName, pluginId: entry.pluginId });
        let result: unknown;
        try {
          result = await realWait(
            raceAbort(() => entry.handler(call.event, call.context), signal, `The ${hookName} hook`),
          );
        } catch (error) {
          if (signal?.aborted === true) throw error;
          failed(hookName, entry, error, call.report);
          continue;
        }
        if (result === undefined || result === null || typeof result !== "object") continue;
        const next = result as Result;
        accumulated = (rule.merge as (a: Result | undefined, b: Result) => Result)(accumulated, next);
        if ((rule.stops as (b: Result) => boolean)(next)) {
          call.onStop?.(entry.pluginId);
          break;
        }
      }
      return accumulated as HookResult<typeof hookName> | undefined;
    },

    runSync(hookName, call) {
      type Result = { message?: unknown; block?: boolean };
      let accumulated: Result | undefined;
      let event = call.event as { message: unknown };
      for (const entry of handlersOf(hookName)) {
        call.report?.({ type: "hook_called", hook: hookName, pluginId: entry.pluginId });
        let result: unknown;
        try {
          result = entry.handler(event, call.context);
        } catch (error) {
          failed(hookName, entry, error, call.report);
          continue;
        }
        if (isPromiseLike(result)) {
          // Ignored by contract; a later rejection must not become an unhandled rejection.
          result.then(undefined, () => undefined);
          const message = PROMISE_WARNING(hookName);
          log(`[hooks] ${hookName} handler from ${entry.pluginId} ${message}`);
          call.report?.({ type: "hook_warning", hook: hookName, pluginId: entry.pluginId, message });
          continue;
        }
        if (result === undefined || result === null || typeof result !== "object") continue;
        const next = result as Result;
        accumulated = { ...accumulated };
        if (next.message !== undefined) {
          accumulated.message = next.message;
          event = { ...event, message: next.message };
        }
        if (next.block !== undefined) accumulated.block = next.block;
        if (SYNC_STOPS[hookName](next)) break;
      }
      return accumulated as HookResult<typeof hookName> | undefined;
    },
  };
}
