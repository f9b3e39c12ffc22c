import { type AssembledContext, assembleContext } from "../context/assemble-context.js";
import type { CacheTtlSettings } from "../context/cache-ttl-settings.js";
import { capPersistedToolResult } from "../context/cap-persisted-tool-result.js";
import type { CompactionSettings } from "../context/compaction-settings.js";
import type { ContextEngine } from "../context/context-engine.js";
import { createLegacyContextEngine } from "../context/create-legacy-context-engine.js";
import { isCacheTtlDue } from "../context/is-cache-ttl-due.js";
import type { MemoryFlushSettings } from "../context/memory-flush.js";
import { createMissingToolResult } from "../context/repair-tool-pairing.js";
import { type CompactionRun, runCompaction } from "../context/run-compaction.js";
import { createSessionTranscript, type SessionTranscript } from "../context/session-transcript.js";
import type { Summarize } from "../context/summarize-in-stages.js";
import { createTranscriptStore, sessionTranscriptPath } from "../context/transcript-store.js";
import { truncateOversizedToolResults } from "../context/truncate-oversized-tool-results.js";
import type {
  CompactionTrigger,
  EventSink,
  Message,
  Runtime,
  ToolCallBlock,
  TranscriptEntry,
} from "../domain/index.js";
import { CACHE_TTL_ENTRY_TYPE, toolCallsOf } from "../domain/index.js";
import type { RunHooks } from "./create-run-hooks.js";
import { persistMessage } from "./persist-message.js";

/** What a session's context step needs to know about its model and config. */
export interface SessionContextSettings {
  compaction: CompactionSettings;
  /** Cache-TTL pruning when enabled for the session's model (context.md §6.4); absent ⇒ off. */
  cacheTtl?: CacheTtlSettings;
  /** `agents.defaults.compaction.model`: the model id that summarises instead of the run's. */
  compactionModel?: string;
  /** The pre-compaction memory flush (memory.md §9.1). */
  memoryFlush: MemoryFlushSettings;
  /** `agents.defaults.compaction.reserveTokensFloor` (default 20 000), tokens. */
  reserveTokensFloor: number;
}

export interface SessionContextOptions {
  runtime: Runtime;
  agentId: string;
  sessionId: string;
  settings: SessionContextSettings;
  /** Entries the session starts from (a scenario's `session:` file). */
  preload?: readonly TranscriptEntry[];
  /** The workspace AGENTS.md text for the critical-rules section of summaries. */
  workspaceRules?: () => Promise<string | undefined>;
}

type Base = { runId: string; sessionKey: string };

/** Stands in when an engine is asked to compact without a summariser: every call fails. */
const noSummarizer: Summarize = async () => {
  throw new Error("no summariser was given for this compaction");
};

/**
 * One session's history and context step (context.md §1–§6): the transcript and its JSONL file
 * under the state dir, the write path of every message (persist cap, persistence hooks, synthetic
 * results for unanswered calls), the assembly of each request, compaction and the overflow
 * rewrite. Owns the history: nothing else keeps a copy.
 */
export interface SessionContext {
  readonly transcript: SessionTranscript;
  readonly sessionFile: string;
  readonly settings: SessionContextSettings;
  /** The session's model context: the latest summary, then the kept messages. */
  messages(): Message[];
  /** Writes `message` as the session keeps it; resolves what was written (`undefined`: blocked). */
  append(message: Message, hooks: RunHooks | undefined): Promise<Message | undefined>;
  /**
   * The request of one model call: the session's engine first (the legacy engine passes the
   * messages through), then repair, cache-TTL pruning and the guard; emits `context_assembled`
   * and `context_pruned`. `systemPrompt` of the result is what the call sends.
   */
  assemble(options: {
    messages: readonly Message[];
    systemPrompt: string;
    step: number;
    base: Base;
    emit: EventSink;
  }): Promise<AssembledContext & { systemPrompt: string }>;
  /** The session's context engine (`plugins.slots.contextEngine`; only the built-in `legacy` exists). */
  readonly engine: ContextEngine;
  /** One compaction, with `compaction_start` / `compaction_end` / `compaction_audit` events. */
  compact(options: {
    trigger: CompactionTrigger;
    summarize: Summarize;
    customInstructions?: string;
    hooks?: RunHooks;
    signal?: AbortSignal;
    base: Base;
    emit: EventSink;
  }): Promise<CompactionRun>;
  /** The overflow rewrite (context.md §6.3); resolves whether any result was cut. */
  truncateOversized(options: { base: Base; emit: EventSink }): Promise<boolean>;
  /** The leaf before a run, to drop the run's messages again (acknowledged heartbeats). */
  mark(): string | null;
  /** Abandons every entry after `mark` (a branch marker keeps the file's last line on it). */
  dropSince(mark: string | null, reason: string): Promise<void>;
  /** The `openclaw.cache-ttl` bookkeeping after a successful run that did not compact. */
  touchCache(data: { provider: string; modelId: string }): Promise<void>;
  /** Compaction count when the memory flush last ran (memory.md §9.1). */
  memoryFlushCompactionCount: number | undefined;
}

export function createSessionContext(options: SessionContextOptions): SessionContext {
  const { runtime, settings } = options;
  const sessionFile = sessionTranscriptPath({
    stateDir: runtime.stateDir,
    agentId: options.agentId,
    sessionId: options.sessionId,
  });
  const store = createTranscriptStore({ fs: runtime.fs, path: sessionFile, now: runtime.now });
  const transcript = createSessionTranscript({
    sessionId: options.sessionId,
    newId: () => runtime.newId("entry"),
    now: runtime.now,
    ...(options.preload ? { entries: options.preload } : {}),
  });
  // Preloaded entries are written as they are, so the file replays to the same transcript.
  let pendingPreload = options.preload !== undefined && options.preload.length > 0;
  const flush = async (): Promise<void> => {
    if (pendingPreload) {
      pendingPreload = false;
      await store.append(options.preload ?? []);
    }
    await store.append(transcript.drain());
  };
  const engine = createLegacyContextEngine({
    compact: async (request) =>
      runCompaction({
        runtime,
        transcript,
        sessionFile,
        persist: flush,
        trigger: request.trigger,
        settings: settings.compaction,
        summarize: request.summarize ?? noSummarizer,
        ...(request.customInstructions === undefined ? {} : { customInstructions: request.customInstructions }),
        ...(await workspaceRulesOption()),
        ...(request.hooks ? { hooks: request.hooks } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      }),
  });
  const workspaceRulesOption = async (): Promise<{ workspaceRules?: string }> => {
    const rules = await options.workspaceRules?.();
    return rules === undefined ? {} : { workspaceRules: rules };
  };
  const unanswered = new Map<string, ToolCallBlock>();
  let lastCacheTouchAt = (() => {
    const entry = transcript.lastCustom(CACHE_TTL_ENTRY_TYPE);
    const stamp = entry?.data.timestamp;
    return typeof stamp === "number" ? stamp : undefined;
  })();
  const context: SessionContext = {
    engine,
    transcript,
    sessionFile,
    settings,
    memoryFlushCompactionCount: undefined,
    messages: () => transcript.buildContext(),
    async append(message, hooks) {
      if (message.role !== "tool_result" && unanswered.size > 0) {
        for (const call of unanswered.values()) transcript.appendMessage(createMissingToolResult(call));
        unanswered.clear();
      }
      const capped = message.role === "tool_result" ? capPersistedToolResult(message).message : message;
      const written = persistMessage(capped, hooks);
      if (message.role === "assistant") for (const call of toolCallsOf(message)) unanswered.set(call.id, call);
      if (message.role === "tool_result") unanswered.delete(message.toolCallId);
      if (written !== undefined) transcript.appendMessage(written);
      await flush();
      return written;
    },
    async assemble({ messages, systemPrompt, step, base, emit }) {
      const engineView = await engine.assemble({
        sessionId: options.sessionId,
        sessionKey: base.sessionKey,
        messages,
        tokenBudget: settings.compaction.contextWindow,
        step,
      });
      const fullPrompt =
        engineView.systemPromptAddition === undefined
          ? systemPrompt
          : `${engineView.systemPromptAddition}\n\n${systemPrompt}`;
      const now = runtime.now();
      const due =
        settings.cacheTtl !== undefined && isCacheTtlDue({ lastCacheTouchAt, now, ttlMs: settings.cacheTtl.ttlMs });
      const assembled = assembleContext({
        messages: engineView.messages,
        systemPrompt: fullPrompt,
        contextWindow: settings.compaction.contextWindow,
        ...(due && settings.cacheTtl ? { cacheTtl: settings.cacheTtl } : {}),
      });
      if (due) lastCacheTouchAt = now;
      for (const pruned of assembled.pruned) emit({ ...base, type: "context_pruned", ...pruned });
      emit({
        ...base,
        type: "context_assembled",
        step,
        messageCount: assembled.messages.length,
        estimatedTokens: assembled.estimatedTokens,
        chars: assembled.chars,
      });
      return { ...assembled, systemPrompt: fullPrompt };
    },
    async compact({ trigger, summarize, customInstructions, hooks, signal, base, emit }) {
      emit({ ...base, type: "compaction_start", trigger });
      const run = await engine.compact({
        sessionId: options.sessionId,
        sessionKey: base.sessionKey,
        sessionFile,
        trigger,
        tokenBudget: settings.compaction.contextWindow,
        force: trigger !== "threshold",
        summarize,
        ...(customInstructions === undefined ? {} : { customInstructions }),
        ...(signal ? { signal } : {}),
        ...(hooks
          ? {
              hooks: {
                before: (event) => hooks.fire("before_compaction", event),
                after: (event) => hooks.fire("after_compaction", event),
              },
            }
          : {}),
      });
      emit({
        ...base,
        type: "compaction_end",
        trigger,
        ok: run.ok,
        compacted: run.compacted,
        ...(run.reason === undefined ? {} : { reason: run.reason }),
        tokensBefore: run.result?.tokensBefore ?? 0,
        ...(run.result?.tokensAfter === undefined ? {} : { tokensAfter: run.result.tokensAfter }),
        ...(run.result?.summary === undefined ? {} : { summary: run.result.summary }),
        ...(run.result?.firstKeptEntryId === undefined ? {} : { firstKeptEntryId: run.result.firstKeptEntryId }),
      });
      if (run.audit !== undefined) emit({ ...base, type: "compaction_audit", ...run.audit });
      return run;
    },
    async truncateOversized({ base, emit }) {
      const branch = transcript.branch;
      const messages = branch.flatMap((entry) => (entry.type === "message" ? [entry.message] : []));
      const rewrite = truncateOversizedToolResults({ messages, contextWindow: settings.compaction.contextWindow });
      if (rewrite.truncated.length === 0) return false;
      const replacements = new Map<string, Message>();
      let index = 0;
      for (const entry of branch) {
        if (entry.type !== "message") continue;
        const next = rewrite.messages[index++];
        if (next !== undefined && next !== entry.message) replacements.set(entry.id, next);
      }
      transcript.replaceMessages(replacements);
      await flush();
      const names = new Map(
        messages.flatMap((message) =>
          message.role === "tool_result" ? [[message.toolCallId, message.toolName] as const] : [],
        ),
      );
      emit({
        ...base,
        type: "context_pruned",
        mechanism: "overflow-truncate",
        toolCallIds: rewrite.truncated,
        toolNames: rewrite.truncated.map((id) => names.get(id) ?? "unknown"),
      });
      return true;
    },
    mark: () => transcript.leafId,
    async dropSince(mark, reason) {
      if (transcript.leafId === mark) return;
      transcript.resetLeaf(mark);
      unanswered.clear();
      transcript.appendCustom("claw-eval.branch", { reason });
      await flush();
    },
    async touchCache(data) {
      const now = runtime.now();
      lastCacheTouchAt = now;
      transcript.appendCustom(CACHE_TTL_ENTRY_TYPE, { timestamp: now, ...data });
      await flush();
    },
  };
  return context;
}
