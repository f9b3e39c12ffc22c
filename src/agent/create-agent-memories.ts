import type { Runtime } from "../domain/index.js";
import type { MemoryIndexAuditResult } from "../memory/audit-memory-index.js";
import { auditMemories } from "./audit-memories.js";
import { createMemoryAccess, type MemoryAccess } from "./create-memory-access.js";

export interface AgentMemoriesOptions {
  runtime: Runtime;
  workspaceDir: string;
  config: Readonly<Record<string, unknown>>;
  /** Provider of the session's model (only the context-pruning default depends on it). */
  provider: string;
}

/** The memories of a session's agents, one per agent id, created on first use. */
export interface AgentMemories {
  /** The agent's memory, created the first time it is asked for. */
  memoryFor(agentId: string): MemoryAccess;
  /**
   * Audits every memory created so far, in creation order ({@link auditMemories}). With an
   * agent id, that agent's memory is created if needed and its index opened for the audit.
   */
  audit(openFor: string | undefined): Promise<MemoryIndexAuditResult | undefined>;
  /** Closes every memory created so far. */
  close(): void;
}

/** A session's memories by agent id; pure until a memory is used. */
export function createAgentMemories(options: AgentMemoriesOptions): AgentMemories {
  const memories = new Map<string, MemoryAccess>();
  const memoryFor = (agentId: string): MemoryAccess => {
    let memory = memories.get(agentId);
    if (memory === undefined) {
      memory = createMemoryAccess({ ...options, agentId });
      memories.set(agentId, memory);
    }
    return memory;
  };
  return {
    memoryFor,
    audit(openFor) {
      if (openFor === undefined) return auditMemories({ accesses: memories });
      memoryFor(openFor);
      return auditMemories({ accesses: memories, openFor });
    },
    close() {
      for (const memory of memories.values()) memory.close();
    },
  };
}
