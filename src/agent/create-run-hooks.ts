import type {
  EventSink,
  HookContext,
  HookEvent,
  HookResult,
  ModifyingHookName,
  SyncHookName,
  ToolHookName,
  VoidHookName,
} from "../domain/index.js";
import type { HookNotice, HookRegistry } from "./create-hook-registry.js";

/**
 * A session's hook registry bound to one run: the shared context argument, and notices
 * (`hook_called`, `hook_error`, `hook_warning`) emitted as events with the run's `runId`
 * and `sessionKey`. Tool hooks are run through `registry` with a tool context.
 */
export interface RunHooks {
  readonly registry: HookRegistry;
  readonly context: HookContext;
  /** The run's signal, which direct registry calls (tool hooks) pass on too. */
  readonly signal?: AbortSignal;
  report(notice: HookNotice): void;
  fire<K extends Exclude<VoidHookName, ToolHookName>>(hookName: K, event: HookEvent<K>): Promise<void>;
  modify<K extends Exclude<ModifyingHookName, ToolHookName>>(
    hookName: K,
    event: HookEvent<K>,
  ): Promise<HookResult<K> | undefined>;
  sync<K extends Exclude<SyncHookName, ToolHookName>>(hookName: K, event: HookEvent<K>): HookResult<K> | undefined;
}

export interface CreateRunHooksOptions {
  registry: HookRegistry;
  context: HookContext;
  emit: EventSink;
  base: { runId: string; sessionKey: string };
  /** The run's signal: once it aborts (run timeout, interrupt), hook calls stop waiting for handlers. */
  signal?: AbortSignal;
}

export function createRunHooks(options: CreateRunHooksOptions): RunHooks {
  const { registry, context, emit, base } = options;
  const report = (notice: HookNotice): void => emit({ ...base, ...notice });
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  return {
    registry,
    context,
    report,
    ...signal,
    fire: (hookName, event) => registry.runVoid(hookName, { event, context, report, ...signal } as never),
    modify: (hookName, event) => registry.runModifying(hookName, { event, context, report, ...signal } as never),
    sync: (hookName, event) => registry.runSync(hookName, { event, context, report } as never),
  };
}
