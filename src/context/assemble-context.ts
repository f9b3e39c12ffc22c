import type { Message, ModelMessage, PruneMechanism } from "../domain/index.js";
import { countMessageChars, estimateMessagesTokens, estimateTokens } from "../platform/estimate-tokens.js";
import { guardContext } from "./guard-context.js";
import { type CacheTtlSettings, pruneCacheTtl } from "./prune-cache-ttl.js";
import { repairToolPairing } from "./repair-tool-pairing.js";
import { toModelMessages } from "./to-model-messages.js";

export interface AssembleContextOptions {
  /** The session's model context (summary, kept messages, this run's messages). */
  messages: readonly Message[];
  systemPrompt: string;
  /** Tokens. */
  contextWindow: number;
  /** Cache-TTL pruning settings, when this request is due for a pruning pass (context.md §6.4). */
  cacheTtl?: CacheTtlSettings;
}

export interface AssembledContext {
  messages: ModelMessage[];
  /** Tokens (context.md §3) of the system prompt and `messages`. */
  estimatedTokens: number;
  /** Characters of the system prompt and `messages` as the estimate counts them. */
  chars: number;
  /** Tool results shortened or removed for this request, by mechanism (oldest first). */
  pruned: { mechanism: PruneMechanism; toolCallIds: string[]; toolNames: string[] }[];
  /** The guard's refusal (context.md §6.2 step 3): the request must not be sent. */
  overflow?: string;
}

/**
 * What one model call sees (context.md §2.2): transcript repair (§2.4), then cache-TTL pruning
 * when due (§6.4), then the context guard (§6.2), then the model-facing form of every message
 * (§1.1). The transcript itself is never changed. Pure.
 */
export function assembleContext(options: AssembleContextOptions): AssembledContext {
  const pruned: AssembledContext["pruned"] = [];
  const names = new Map<string, string>();
  for (const message of options.messages)
    if (message.role === "tool_result") names.set(message.toolCallId, message.toolName);
  const note = (mechanism: PruneMechanism, toolCallIds: readonly string[]): void => {
    if (toolCallIds.length === 0) return;
    pruned.push({
      mechanism,
      toolCallIds: [...toolCallIds],
      toolNames: toolCallIds.map((id) => names.get(id) ?? "unknown"),
    });
  };
  let messages = repairToolPairing(options.messages).messages;
  if (options.cacheTtl !== undefined) {
    const cache = pruneCacheTtl({ messages, contextWindow: options.contextWindow, settings: options.cacheTtl });
    messages = cache.messages;
    note("soft-trim", cache.softTrimmed);
    note("hard-clear", cache.hardCleared);
  }
  const guarded = guardContext({ messages, contextWindow: options.contextWindow });
  note("guard-truncate", guarded.truncated);
  note("guard-clear", guarded.cleared);
  let chars = options.systemPrompt.length;
  for (const message of guarded.messages) chars += countMessageChars(message);
  return {
    messages: toModelMessages(guarded.messages),
    estimatedTokens: estimateTokens(options.systemPrompt) + estimateMessagesTokens(guarded.messages),
    chars,
    pruned,
    ...(guarded.overflow === undefined ? {} : { overflow: guarded.overflow }),
  };
}
