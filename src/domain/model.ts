import type { AssistantMessage, ModelMessage, Usage } from "./messages.js";
import type { ComplianceCategory, FaultKind, ScriptStep, TurnKind } from "./scenario.js";

/** A tool as the model is told about it. `inputSchema` is a JSON Schema object. */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/**
 * What a model call is for: the turn's own agent loop, a compaction summary (context.md §5), or
 * the pre-compaction memory flush run (memory.md §9.1). The scripted model plays a turn's
 * `script` for `turn` and `memory_flush` calls and the scenario's `summaries` for `compaction`.
 */
export type ModelCallPurpose = "turn" | "compaction" | "memory_flush";

/** Where in a scenario a model call happens; scripted and simulated models read it. */
export interface ModelCallContext {
  /** Absent means `turn`. */
  purpose?: ModelCallPurpose;
  scenarioId: string;
  unitId: string;
  /** 0-based index of the scenario turn. */
  turnIndex: number;
  turnKind: TurnKind;
  /** 0-based repeat index of the work unit. */
  repeat: number;
  /** The turn's script (only the scripted and simulated models read it). */
  script: readonly ScriptStep[];
  /**
   * The scripted answers to compaction summary calls: the turn's own `summaries` (`scope: turn`,
   * consumed per turn) or the scenario's (`scope: scenario`, consumed across the unit).
   */
  summaries?: { scope: "turn" | "scenario"; steps: readonly ScriptStep[] };
  /** Compliance category derived from the turn's expectations, if any. */
  category: ComplianceCategory | undefined;
  /** The text of the turn's user, heartbeat or system message. */
  input: string;
  /** Session key of the run making the call (sub-agents have their own). */
  sessionKey: string;
}

export interface ModelRequest {
  systemPrompt: string;
  /** What the context engine assembled for this call (never the raw transcript). */
  messages: readonly ModelMessage[];
  tools: readonly ToolSpec[];
  context: ModelCallContext;
  signal?: AbortSignal;
  /** Output limit for this call, tokens; absent ⇒ the adapter's default. */
  maxTokens?: number;
  /**
   * Asks the model to stream: called with each piece of reply text as it arrives, in order, so
   * the pieces of one attempt concatenate to the text blocks of its message. Live adapters use
   * their SDK's streaming API; scripted, simulated and replayed models split their text
   * deterministically. Absent ⇒ no streaming. Must not throw.
   */
  onTextDelta?: (delta: string) => void;
  /**
   * Called when text already streamed belongs to an attempt that failed and is retried: the
   * next deltas start a new reply. Must not throw.
   */
  onTextRestart?: () => void;
}

export type ModelErrorKind =
  | "rate_limit"
  | "server"
  | "timeout"
  | "malformed"
  | "empty"
  | "auth"
  | "script"
  | "aborted"
  | "other";

export interface ModelError {
  kind: ModelErrorKind;
  message: string;
  /** HTTP status when the provider answered with one. */
  status?: number;
  /** Milliseconds the provider asked us to wait before retrying. */
  retryAfterMs?: number;
  retryable: boolean;
}

/** A fault the harness injected into a model call (`--faults`): its kind and the 1-based attempt it hit. */
export interface InjectedFault {
  kind: FaultKind;
  attempt: number;
}

/**
 * `injectedFaults`: faults injected while this response was obtained, in order (the fault
 * wrapper sets one; the retry wrapper gathers those of the attempts it retried). Absent when none.
 */
export type ModelResponse =
  | {
      ok: true;
      message: AssistantMessage;
      usage: Usage;
      /** USD for this call; `null` when the model's price is unknown. */
      costUsd: number | null;
      injectedFaults?: InjectedFault[];
      /**
       * Simulated time a scripted answer stands for (`takes:`): `takesMs` for the call itself,
       * `toolDurationsMs` for each of its tool calls by id. Live models leave it unset.
       */
      simulated?: { takesMs?: number; toolDurationsMs?: Record<string, number> };
    }
  | { ok: false; error: ModelError; injectedFaults?: InjectedFault[] };

/**
 * A language model. `complete` never throws once called: failures come back as
 * `{ ok: false, error }`.
 */
export interface Model {
  /** The id as given on the command line or in the scenario, e.g. `scripted`, `anthropic:claude-x`. */
  readonly id: string;
  /**
   * The model's context window, tokens, when known: live adapters take it from the known-model
   * table (`src/models/context-windows.ts`); scripted and simulated models leave it undefined
   * (the context engine then uses the scenario's `contextWindow`, config, or its default).
   */
  readonly contextWindow?: number;
  complete(request: ModelRequest): Promise<ModelResponse>;
}
