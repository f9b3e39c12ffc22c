import { resolveContextConfig } from "../config/resolve-context-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import { errorMessage, type MemoryService, type Runtime } from "../domain/index.js";
import { auditMemoryIndex, type MemoryIndexAuditResult } from "../memory/audit-memory-index.js";
import { formatMemoryGetResult, refuseMemoryGet } from "../memory/format-memory-get-result.js";
import {
  formatCitation,
  formatMemorySearchResult,
  formatMemoryUnavailableResult,
} from "../memory/format-memory-tool-results.js";
import {
  formatRecallBlock,
  isPromptedMemoryHit,
  PROMPTED_MEMORY_LINES,
  type RecallRunKind,
  shouldRecallMemory,
} from "../memory/format-recall-block.js";
import { listIndexedFiles } from "../memory/list-indexed-files.js";
import type { MemoryIndexStore } from "../memory/memory-index-store.js";
import { resolveMemoryGetPath } from "../memory/resolve-memory-get-path.js";
import { resolveSessionTranscriptsDir } from "../memory/resolve-session-transcripts-dir.js";
import { isInsideRoot } from "../platform/is-inside-root.js";

/** The memory of one agent in a unit: its index (opened on first use), tools' service and recall. */
export interface MemoryAccess {
  /** Whether memory search is enabled for the agent (memory.md §2): the memory tools exist only then. */
  readonly enabled: boolean;
  /** The memory tools' service for a session of the agent; `undefined` when memory is off. */
  serviceFor(sessionKey: string): MemoryService | undefined;
  /**
   * Passive recall (memory.md §8): the `<relevant-memories>` block to prepend to a user's message,
   * or `undefined` (not applicable, nothing found, or the search failed).
   */
  recall(options: {
    sessionKey: string;
    prompt: string;
    runKind: RecallRunKind;
  }): Promise<{ block: string; count: number; citations: string[] } | undefined>;
  /**
   * At the end of a unit: brings the opened index up to date with the notes (the sync a search
   * would run), audits it against them (memory.md §12.4) and returns the indexed notes for
   * citation checks; `undefined` when no index was opened. With `open` (default false) and
   * memory enabled, an index the unit never used is opened first (for a unit that cited notes
   * without searching). Never throws: an index that cannot be opened or a failed sync is an
   * `audit-failed` problem.
   */
  audit(options?: { open?: boolean }): Promise<MemoryIndexAuditResult | undefined>;
  /** Closes the index (at the end of the unit). */
  close(): void;
}

export function createMemoryAccess(options: {
  runtime: Runtime;
  workspaceDir: string;
  config: Readonly<Record<string, unknown>>;
  agentId: string;
  /** Provider of the session's model (only the context-pruning default depends on it). */
  provider: string;
}): MemoryAccess {
  const { runtime, workspaceDir } = options;
  const resolved = resolveOpenClawConfig(options.config);
  const context = resolveContextConfig(resolved, { agentId: options.agentId, provider: options.provider });
  const settings = context.memorySearch;
  let index: MemoryIndexStore | undefined;
  let opening: Promise<MemoryIndexStore> | undefined;
  // Opened once, on first use; a failure is kept and every later use fails with it. The index
  // code (SQLite, full-text and vector search) loads only then: most units never open an index.
  const open = (): Promise<MemoryIndexStore> => {
    opening ??= (async () => {
      const { openMemoryIndexStore } = await import("../memory/memory-index-store.js");
      const opened = openMemoryIndexStore({ runtime, workspaceDir, agentId: options.agentId, settings });
      if (!opened.ok) {
        const found = opened.diagnostics.map((diagnostic) => diagnostic.found).join("; ");
        throw new Error(found || "the memory index could not be opened");
      }
      index = opened.index;
      return index;
    })();
    return opening;
  };
  const hasNotes = async (): Promise<boolean> => {
    const sessionsDir = resolveSessionTranscriptsDir({
      stateDir: runtime.stateDir,
      agentId: options.agentId,
      settings,
    });
    const listing = await listIndexedFiles({
      fs: runtime.fs,
      workspaceDir,
      extraPaths: settings.extraPaths,
      sources: settings.sources,
      ...(sessionsDir === undefined ? {} : { sessionsDir }),
    });
    return listing.files.length > 0;
  };
  const get: MemoryService["get"] = async ({ path, from, lines }) => {
    const resolution = resolveMemoryGetPath({ workspaceDir, path, extraPaths: settings.extraPaths });
    if (!resolution.allowed) return { ...refuseMemoryGet(path) };
    const stat = await runtime.fs.lstat(resolution.absolutePath);
    if (stat === undefined) return { path, text: "" };
    const real = await runtime.fs.realPath(resolution.absolutePath);
    const root = await runtime.fs.realPath(resolution.root);
    if (!isInsideRoot({ root, path: real }) || stat.kind !== "file") return { ...refuseMemoryGet(path) };
    const text = await runtime.fs.readText(real);
    return { ...formatMemoryGetResult({ path, text, from, lines }) };
  };
  return {
    enabled: settings.enabled,
    serviceFor(sessionKey) {
      if (!settings.enabled) return undefined;
      return {
        async search({ query, maxResults, minScore }) {
          try {
            const found = await (await open()).search({
              query,
              ...(maxResults === undefined ? {} : { maxResults }),
              ...(minScore === undefined ? {} : { minScore }),
            });
            return {
              ...formatMemorySearchResult({
                hits: found.hits,
                provider: found.provider,
                model: found.model,
                fallback: found.fallback,
                citations: resolved.memory.citations,
                sessionKey,
                mode: found.mode,
              }),
            };
          } catch (error) {
            return { ...formatMemoryUnavailableResult(error) };
          }
        },
        get,
      };
    },
    async recall({ sessionKey, prompt, runKind }) {
      const recall = settings.autoRecall;
      if (!settings.enabled) return undefined;
      if (
        !shouldRecallMemory({
          enabled: recall.enabled,
          runKind,
          sessionKey,
          prompt,
          minPromptChars: recall.minPromptChars,
        })
      ) {
        return undefined;
      }
      try {
        // A workspace without notes has nothing to recall: no index is opened for it.
        if (index === undefined && !(await hasNotes())) return undefined;
        const found = await (await open()).search({
          query: prompt,
          maxResults: recall.maxResults,
          minScore: recall.minScore,
          exclude: (location) => isPromptedMemoryHit(location, PROMPTED_MEMORY_LINES),
        });
        const block = formatRecallBlock(found.hits);
        if (block === undefined) return undefined;
        return { block, count: found.hits.length, citations: found.hits.map(formatCitation) };
      } catch {
        // A failed recall search injects nothing (memory.md §8); the tools report the same failure.
        return undefined;
      }
    },
    async audit(auditOptions) {
      if (index === undefined && (auditOptions?.open !== true || !settings.enabled)) return undefined;
      let opened: MemoryIndexStore;
      try {
        opened = await open();
      } catch (error) {
        const message = `the index could not be opened: ${errorMessage(error)}`;
        return {
          audit: { ok: false, files: 0, chunks: 0, problems: [{ kind: "audit-failed", path: "index", message }] },
          notes: [],
        };
      }
      const sync = await opened.refresh();
      const result = await auditMemoryIndex({
        connection: opened.connection,
        fs: runtime.fs,
        workspaceDir,
        extraPaths: settings.extraPaths,
        sources: settings.sources,
        ...(opened.sessionsDir === undefined ? {} : { sessionsDir: opened.sessionsDir }),
      });
      const failures = sync.diagnostics.filter((diagnostic) => diagnostic.severity === "error");
      if (failures.length === 0) return result;
      const problems = failures.map((diagnostic) => ({
        kind: "audit-failed" as const,
        path: "index",
        message: `the sync before the audit failed: ${diagnostic.found}`,
      }));
      return { ...result, audit: { ...result.audit, ok: false, problems: [...problems, ...result.audit.problems] } };
    },
    close: () => index?.close(),
  };
}
