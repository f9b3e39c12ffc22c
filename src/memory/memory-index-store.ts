import { basename, dirname, join } from "node:path";
import type { MemorySearchConfig } from "../config/resolve-agent-config.js";
import type { Diagnostic, Runtime } from "../domain/index.js";
import type { Embedder } from "./embedders/embedder.js";
import { resolveEmbedder } from "./embedders/resolve-embedder.js";
import { planMemorySync } from "./plan-memory-sync.js";
import { resolveSessionTranscriptsDir } from "./resolve-session-transcripts-dir.js";
import { type MemoryHitLocation, type MemorySearchHit, searchMemory } from "./search-memory.js";
import { openSqliteMemoryStore, resolveMemoryStorePath, type SqliteMemoryStore } from "./sqlite-memory-store.js";
import type { MemoryStoreConnection } from "./sqlite-memory-store-types.js";
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
 * sync and search. A search first syncs what changed through the runtime's file system since the
 * last sync (memory.md §4.1's dirty flag, with the write log as the deterministic stand-in for the
 * file watcher): nothing when nothing was written, only the written notes and transcripts when
 * they are all notes under `memory/` or (with session transcripts as a source, memory.md §10)
 * transcripts of the agent, everything on first use or after a shell command. Edits made behind
 * the runtime's back are picked up by the next full sync (`sync()`, or the next index opened).
 */
export interface MemoryIndexStore {
  readonly mode: "hybrid" | "fts-only";
  readonly provider: string;
  readonly model: string;
  readonly fallback: { from: string; reason: string } | null;
  /** Set when the configured embedder cannot be used at all; searches then fail with it. */
  readonly unavailable: string | undefined;
  /** Read access to the current index database (audits, inspection); do not write through it. */
  readonly connection: MemoryStoreConnection;
  /**
   * The agent's transcript folder when session transcripts are a source (memory.md §10), else
   * `undefined`; an audit lists the same files a sync does with it.
   */
  readonly sessionsDir: string | undefined;
  /** Problems met opening the store (a corrupt file moved aside and rebuilt, a lock). */
  readonly diagnostics: Diagnostic[];
  /** A full sync (every file listed and checked); `force` rebuilds the index. */
  sync(options?: { force?: boolean }): Promise<MemorySyncSummary>;
  /** What a search does first: syncs what changed through the runtime's file system, if anything. */
  refresh(): Promise<MemorySyncSummary>;
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
    homeDir: runtime.homeDir,
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

const NOTHING_SYNCED: MemorySyncSummary = {
  indexed: [],
  skipped: [],
  deleted: [],
  fullReindex: false,
  diagnostics: [],
};

/** The path resolved through symlinks, or as written when it does not exist (a removed note's folder). */
async function realOrSame(fs: Runtime["fs"], path: string): Promise<string> {
  try {
    return await fs.realPath(path);
  } catch {
    return path;
  }
}

/** Each path with its folder resolved through symlinks. */
function resolveFolders(fs: Runtime["fs"], paths: readonly string[]): Promise<string[]> {
  return Promise.all(paths.map(async (path) => join(await realOrSame(fs, dirname(path)), basename(path))));
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
  const sessionsDir = resolveSessionTranscriptsDir({ stateDir: runtime.stateDir, agentId: options.agentId, settings });
  let synced = false;
  let generation = 0;
  const sync = async (syncOptions: { force?: boolean; only?: string[] } = {}) => {
    const next = runtime.fs.changesSince(0).generation;
    const summary = await syncMemoryIndex({
      runtime,
      store,
      workspaceDir: options.workspaceDir,
      settings,
      ...(embedder === undefined ? {} : { embedder }),
      force: syncOptions.force === true,
      ...(syncOptions.only === undefined ? {} : { only: syncOptions.only }),
      ...(sessionsDir === undefined ? {} : { sessionsDir }),
    });
    // A failed sync leaves the index dirty: the next search tries again in full.
    if (summary.diagnostics.some((diagnostic) => diagnostic.severity === "error")) synced = false;
    else if (syncOptions.only === undefined) {
      synced = true;
      generation = next;
    } else generation = next;
    return summary;
  };
  /** The §4.1 dirty check: what changed through the runtime's file system since the last sync. */
  const syncIfDirty = async (): Promise<MemorySyncSummary> => {
    const changes = runtime.fs.changesSince(generation);
    const changed = changes.paths === undefined ? undefined : await resolveFolders(runtime.fs, changes.paths);
    const plan = planMemorySync({
      synced,
      changed,
      workspaceDir: await realOrSame(runtime.fs, options.workspaceDir),
      extraPaths: settings.extraPaths,
      ...(sessionsDir === undefined ? {} : { sessionsDir: await realOrSame(runtime.fs, sessionsDir) }),
    });
    if (plan.kind === "none") return { ...NOTHING_SYNCED, diagnostics: [] };
    return sync(plan.kind === "paths" ? { only: plan.paths } : {});
  };
  return {
    mode: resolution.mode,
    provider: embedder?.id ?? "none",
    model,
    fallback: resolution.fallback ?? null,
    unavailable: resolution.unavailable,
    diagnostics: options.diagnostics,
    connection: store,
    sessionsDir,
    sync: (syncOptions) => sync({ force: syncOptions?.force === true }),
    refresh: () => syncIfDirty(),
    async search(request) {
      if (resolution.unavailable !== undefined) throw new Error(resolution.unavailable);
      const summary = await syncIfDirty();
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
        mtimeOf: (path) => store.getFile(path)?.mtime,
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
