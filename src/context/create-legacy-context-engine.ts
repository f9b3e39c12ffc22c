import type { CompactRequest, CompactResult, ContextEngine } from "./context-engine.js";

/** The engine id of the built-in engine (`plugins.slots.contextEngine`, default `legacy`). */
export const LEGACY_CONTEXT_ENGINE_ID = "legacy";

/**
 * The default context engine (context.md §2.2): ingest is a no-op (the transcript writer
 * persists messages), assemble passes the messages through with no estimate of its own (the
 * runtime's pipeline of repair, cache-TTL pruning and the guard runs after it), compact runs the
 * built-in compaction it is given. `afterTurn` does nothing.
 */
export function createLegacyContextEngine(options: {
  compact(request: CompactRequest): Promise<CompactResult>;
}): ContextEngine {
  return {
    info: { id: LEGACY_CONTEXT_ENGINE_ID, name: "Built-in context engine", ownsCompaction: false },
    ingest: async () => ({ ingested: false }),
    assemble: async (request) => ({ messages: [...request.messages], estimatedTokens: 0 }),
    compact: (request) => options.compact(request),
    afterTurn: async () => {},
  };
}
