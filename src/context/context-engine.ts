import type { CompactionAudit, CompactionTrigger, Message } from "../domain/index.js";
import type { Summarize } from "./summarize-chunks.js";

/** The observe-only compaction hooks (context.md §5.6); the caller reports their errors. */
export interface CompactionHooks {
  before(event: {
    messageCount: number;
    compactingCount: number;
    messages: readonly Message[];
    sessionFile: string;
  }): Promise<void>;
  after(event: {
    messageCount: number;
    tokenCount: number;
    compactedCount: number;
    sessionFile: string;
  }): Promise<void>;
}

/** What an engine says about itself (context.md §2.1). */
export interface ContextEngineInfo {
  id: string;
  name: string;
  version?: string;
  /** The engine runs compaction itself; the runtime's built-in compaction stays out of its way. */
  ownsCompaction?: boolean;
}

export interface AssembleRequest {
  sessionId: string;
  sessionKey?: string;
  /** The session's model context: the latest summary (if any), then the kept messages. */
  messages: readonly Message[];
  /** The model's context window, tokens. */
  tokenBudget?: number;
  /** The model id the request goes to. */
  model?: string;
  /** 0-based model call of the run (for events). */
  step?: number;
}

export interface AssembleResult {
  /** The messages the runtime's own pipeline (repair, pruning, guard) then prepares for the call. */
  messages: Message[];
  /** Tokens (context.md §3) of `messages`. */
  estimatedTokens: number;
  /** Prepended to the run's system prompt when present. */
  systemPromptAddition?: string;
  /**
   * Set when the context guard refused the request (context.md §6.2 step 3): the call must not be
   * sent and is handled as a context overflow.
   */
  overflow?: string;
}

export interface CompactRequest {
  sessionId: string;
  sessionKey?: string;
  /** The session's transcript file. */
  sessionFile: string;
  trigger: CompactionTrigger;
  tokenBudget?: number;
  /** Compact even under the threshold (`/compact`, overflow recovery). */
  force?: boolean;
  currentTokenCount?: number;
  /** The text after `/compact`, passed to the summariser as untrusted data. */
  customInstructions?: string;
  signal?: AbortSignal;
  /** The runtime's summariser (the session's or `compaction.model`'s model); an engine may use its own. */
  summarize?: Summarize;
  /** The observe-only `before_compaction` / `after_compaction` hooks. */
  hooks?: CompactionHooks;
}

export interface CompactResult {
  ok: boolean;
  compacted: boolean;
  reason?: string;
  /** The harness's measures of a written compaction (the built-in engine always sets it). */
  audit?: CompactionAudit;
  result?: {
    summary?: string;
    firstKeptEntryId?: string;
    tokensBefore: number;
    tokensAfter?: number;
  };
}

/**
 * A context engine (context.md §2.1): decides what each model call sees and compacts a session's
 * history. One instance per session; `assemble` runs before every model call.
 */
export interface ContextEngine {
  readonly info: ContextEngineInfo;
  ingest(request: { sessionId: string; sessionKey?: string; message: Message; isHeartbeat?: boolean }): Promise<{
    ingested: boolean;
  }>;
  assemble(request: AssembleRequest): Promise<AssembleResult>;
  compact(request: CompactRequest): Promise<CompactResult>;
  afterTurn?(request: { sessionId: string; messages: readonly Message[]; isHeartbeat?: boolean }): Promise<void>;
  dispose?(): Promise<void>;
}
