import type { EventSink, HookContext, Runtime } from "../domain/index.js";
import type { HookRegistry } from "./create-hook-registry.js";
import { createRunHooks, type RunHooks } from "./create-run-hooks.js";

export interface SessionLifecycleOptions {
  runtime: Runtime;
  registry: HookRegistry;
  emit: EventSink;
  agentId: string;
  sessionKey: string;
  workspaceDir: string;
  /** The channel the session talks on (hook context `messageProvider`). */
  messageProvider: string;
  monotonic?: () => number;
}

/** A session's id and its `session_start` / `session_end` hooks. */
export interface SessionLifecycle {
  /** The run's hooks, with the session id in the context once the session has started. */
  /** The session's hooks bound to a run; with `signal`, calls stop waiting once it aborts. */
  hooksFor(base: { runId: string; sessionKey: string }, signal?: AbortSignal): RunHooks;
  /** On the first call (and the first after `end`): a fresh session id, then `session_start`. Resolves the id. */
  start(base: { runId: string; sessionKey: string }): Promise<string>;
  /** `session_end` with the history length, if started; the next `start` begins a new session. */
  end(messageCount: number): Promise<void>;
}

export function createSessionLifecycle(options: SessionLifecycleOptions): SessionLifecycle {
  const { registry, emit, sessionKey } = options;
  let sessionId: string | undefined;
  let startedAt: number | undefined;
  const context = (): HookContext => ({
    agentId: options.agentId,
    sessionKey,
    ...(sessionId === undefined ? {} : { sessionId }),
    workspaceDir: options.workspaceDir,
    messageProvider: options.messageProvider,
  });
  const hooksFor = (base: { runId: string; sessionKey: string }, signal?: AbortSignal) =>
    createRunHooks({ registry, context: context(), emit, base, ...(signal === undefined ? {} : { signal }) });
  return {
    hooksFor,
    async start(base) {
      if (sessionId !== undefined) return sessionId;
      const id = options.runtime.newId("session");
      sessionId = id;
      startedAt = options.monotonic?.();
      await hooksFor(base).fire("session_start", { sessionId: id, sessionKey });
      return id;
    },
    async end(messageCount) {
      if (sessionId === undefined) return;
      const hooks = hooksFor({ runId: options.runtime.newId("run"), sessionKey });
      const id = sessionId;
      sessionId = undefined;
      const finished = options.monotonic?.();
      const durationMs = startedAt === undefined || finished === undefined ? undefined : finished - startedAt;
      await hooks.fire("session_end", {
        sessionId: id,
        sessionKey,
        messageCount,
        ...(durationMs === undefined ? {} : { durationMs }),
      });
    },
  };
}
