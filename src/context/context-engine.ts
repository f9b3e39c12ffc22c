import type { CompactionTrigger, Message, ModelMessage } from "../domain/index.js";

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
  /** What the model call carries. */
  messages: ModelMessage[];
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
  trigger: CompactionTrigger;
  tokenBudget?: number;
  /** Compact even under the threshold (`/compact`, overflow recovery). */
  force?: boolean;
  currentTokenCount?: number;
  /** The text after `/compact`, passed to the summariser as untrusted data. */
  customInstructions?: string;
  signal?: AbortSignal;
}

export interface CompactResult {
  ok: boolean;
  compacted: boolean;
  reason?: string;
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
