import type { MemorySearchConfig } from "../config/resolve-agent-config.js";
import type { Diagnostic, Runtime } from "../domain/index.js";
import type { Embedder } from "./embedders/embedder.js";
import { resolveEmbedder } from "./embedders/resolve-embedder.js";
import { type MemoryHitLocation, type MemorySearchHit, searchMemory } from "./search-memory.js";
import { openSqliteMemoryStore, resolveMemoryStorePath, type SqliteMemoryStore } from "./sqlite-memory-store.js";
import { type MemorySyncSummary, syncMemoryIndex } from "./sync-memory-index.js";

/** What a search found, with how it was found (memory.md §7.1). */
export interface MemoryIndexSearch {
  hits: MemorySearchHit[];
  mode: "hybrid" | "fts-only";
  provider: string;
  model: string;
  fallback: { from: string; reason: string } | null;
  /** The sync that ran before the search. */
  sync: MemorySyncSummary;
}

/**
 * One agent's memory index over its workspace (memory.md §3–§6): the SQLite store, the embedder,
 * sync and search. Every search first syncs (changed notes only, by content hash), so results
 * always reflect the files as they are: the deterministic stand-in for the file watcher.
 */
export interface MemoryIndexStore {
  readonly mode: "hybrid" | "fts-only";
  readonly provider: string;
  readonly model: string;
  readonly fallback: { from: string; reason: string } | null;
  /** Set when the configured embedder cannot be used at all; searches then fail with it. */
  readonly unavailable: string | undefined;
  /** Problems met opening the store (a corrupt file moved aside and rebuilt, a lock). */
  readonly diagnostics: Diagnostic[];
  sync(options?: { force?: boolean }): Promise<MemorySyncSummary>;
  /** Rejects when the index is unavailable or the embedder fails; callers turn that into the unavailable result. */
  search(options: {
    query: string;
    maxResults?: number;
    minScore?: number;
    exclude?: (location: MemoryHitLocation) => boolean;
  }): Promise<MemoryIndexSearch>;
  close(): void;
}

export interface OpenMemoryIndexOptions {
  runtime: Runtime;
  workspaceDir: string;
  agentId: string;
  /** The agent's resolved `memorySearch` settings. */
  settings: MemorySearchConfig;
}

/**
 * Opens (or creates) the agent's index at `store.path` (default `<stateDir>/memory/<agentId>.sqlite`).
 * Never throws: a store that cannot be opened comes back as `ok: false` with diagnostics.
 */
export function openMemoryIndexStore(
  options: OpenMemoryIndexOptions,
): { ok: true; index: MemoryIndexStore } | { ok: false; diagnostics: Diagnostic[] } {
  const { runtime, settings } = options;
  const path = resolveMemoryStorePath({
    stateDir: runtime.stateDir,
    agentId: options.agentId,
    ...(settings.store.path === undefined ? {} : { configuredPath: settings.store.path }),
  });
  const opened = openSqliteMemoryStore({
    path,
    ftsTokenizer: settings.store.fts.tokenizer,
    vector: { enabled: settings.store.vector.enabled, extensionPath: settings.store.vector.extensionPath },
  });
  if (!opened.ok) return { ok: false, diagnostics: opened.diagnostics };
  const resolution = resolveEmbedder({
    config: settings,
    env: runtime.env,
    sleep: (ms) => runtime.sleep(ms),
    holdTime: runtime.holdTime,
  });
  return {
    ok: true,
    index: createIndex({
      ...options,
      store: opened.store,
      embedder: resolution.embedder,
      resolution,
      diagnostics: opened.diagnostics,
    }),
  };
}

function createIndex(
  options: OpenMemoryIndexOptions & {
    store: SqliteMemoryStore;
    embedder: Embedder | undefined;
    resolution: ReturnType<typeof resolveEmbedder>;
    diagnostics: Diagnostic[];
  },
): MemoryIndexStore {
  const { runtime, store, embedder, resolution, settings } = options;
  const model = embedder?.model ?? "fts-only";
  const sync = (force = false) =>
    syncMemoryIndex({
      runtime,
      store,
      workspaceDir: options.workspaceDir,
      settings,
      ...(embedder === undefined ? {} : { embedder }),
      force,
    });
  return {
    mode: resolution.mode,
    provider: embedder?.id ?? "none",
    model,
    fallback: resolution.fallback ?? null,
    unavailable: resolution.unavailable,
    diagnostics: options.diagnostics,
    sync: (syncOptions) => sync(syncOptions?.force === true),
    async search(request) {
      if (resolution.unavailable !== undefined) throw new Error(resolution.unavailable);
      const summary = await sync();
      const mtimes = new Map(store.listFiles().map((file) => [file.path, file.mtime]));
      const hits = await searchMemory({
        query: request.query,
        settings: settings.query,
        now: runtime.now(),
        mode: resolution.mode,
        ...(store.ftsAvailable
          ? {
              keywordLeg: async (ftsQuery: string, limit: number) =>
                store.keywordCandidates({ ftsQuery, model, limit }),
            }
          : {}),
        ...(embedder === undefined
          ? {}
          : {
              vectorLeg: async (query: string, limit: number) =>
                store.vectorCandidates({ embedding: await embedder.embedQuery(query), model, limit }),
            }),
        mtimeOf: (path) => mtimes.get(path),
        ...(request.maxResults === undefined ? {} : { maxResults: request.maxResults }),
        ...(request.minScore === undefined ? {} : { minScore: request.minScore }),
        ...(request.exclude === undefined ? {} : { exclude: request.exclude }),
      });
      return {
        hits,
        mode: resolution.mode,
        provider: embedder?.id ?? "none",
        model,
        fallback: resolution.fallback ?? null,
        sync: summary,
      };
    },
    close: () => store.close(),
  };
}
