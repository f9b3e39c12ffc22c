import type { MemoryIndexAuditResult } from "../memory/audit-memory-index.js";
import type { MemoryAccess } from "./create-memory-access.js";

export interface AuditMemoriesOptions {
  /** A session's memory accesses by agent id (all over the same workspace), in creation order. */
  accesses: ReadonlyMap<string, MemoryAccess>;
  /** The agent whose index is opened for the audit if it never was (`MemoryAccess.audit`'s `open`). */
  openFor?: string;
}

/**
 * Audits the indexes of `accesses` one after another and combines them: `ok` when every audit
 * is, counts summed, problems in access order, notes deduped by path and sorted. `undefined`
 * when no index was opened (or opened for the audit).
 */
export async function auditMemories(options: AuditMemoriesOptions): Promise<MemoryIndexAuditResult | undefined> {
  const results: MemoryIndexAuditResult[] = [];
  for (const [agentId, access] of options.accesses) {
    const result = await access.audit({ open: agentId === options.openFor });
    if (result !== undefined) results.push(result);
  }
  const [first, ...rest] = results;
  if (first === undefined || rest.length === 0) return first;
  const notes = new Map(results.flatMap((result) => result.notes.map((note) => [note.path, note] as const)));
  return {
    audit: {
      ok: results.every((result) => result.audit.ok),
      files: results.reduce((sum, result) => sum + result.audit.files, 0),
      chunks: results.reduce((sum, result) => sum + result.audit.chunks, 0),
      problems: results.flatMap((result) => result.audit.problems),
    },
    notes: [...notes.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
  };
}
