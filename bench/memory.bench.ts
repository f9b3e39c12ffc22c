/**
 * Memory index cost (memory.md §3–§6) over generated daily notes of about 1k, 10k and 100k
 * chunks (default chunking, 400/80 tokens; see write-memory-bench-notes.ts): index build time
 * and database size, search latency p50/p95 for keyword-only (provider `none`) and hybrid
 * (`hash`) with and without sqlite-vec, and at 10k chunks a sync after one changed note (and one
 * with no change, which every search pays). Searches time the query path alone (legs, merge,
 * decay, order, selection), without the sync that precedes a product search. Targets: search
 * p50 < 5 ms at 100k chunks; incremental sync < 20 ms at 10k. By default 1k and 10k chunks;
 * `claw-eval bench --chunks 1000,10000,100000` adds the 100k figures (several minutes).
 * Run: npm run bench:memory (or claw-eval bench --suite memory)
 */
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { Bench } from "tinybench";
import type { MemorySearchConfig } from "../src/config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../src/config/resolve-openclaw-config.js";
import { type MemoryIndexStore, openMemoryIndexStore } from "../src/memory/memory-index-store.js";
import type { MemorySyncSummary } from "../src/memory/sync-memory-index.js";
import { createTestRuntime, type TestRuntime } from "../src/platform/create-test-runtime.js";
import { formatTable } from "./format-table.js";
import { isMain, type SuiteOptions, stderrWrite, stdoutWrite, type Write } from "./is-main.js";
import { writeMemoryBenchNotes } from "./write-memory-bench-notes.js";

const NOW = Date.parse("2026-03-15T00:00:00Z");
const SETTINGS = resolveOpenClawConfig({}).agents.defaults.memorySearch;
type Variant = "keyword" | "hybrid + sqlite-vec" | "hybrid, JS cosine";

/** Chunk counts the suite runs without `--chunks`. */
export const DEFAULT_MEMORY_SIZES: readonly number[] = [1_000, 10_000];
/** The one size whose syncs are timed. */
const SYNC_SIZE = 10_000;

/** The product's index over the bench workspace, with the variant's provider and vector setting. */
function openIndex(runtime: TestRuntime, path: string, variant: Variant): MemoryIndexStore {
  const settings: MemorySearchConfig = {
    ...SETTINGS,
    provider: variant === "keyword" ? "none" : "hash",
    store: {
      ...SETTINGS.store,
      path,
      vector: { ...SETTINGS.store.vector, enabled: variant === "hybrid + sqlite-vec" },
    },
  };
  const opened = openMemoryIndexStore({ runtime, workspaceDir: join(runtime.root, "ws"), agentId: "main", settings });
  if (!opened.ok) throw new Error(`cannot open ${path}: ${JSON.stringify(opened.diagnostics)}`);
  return opened.index;
}

function checked(summary: MemorySyncSummary): MemorySyncSummary {
  const errors = summary.diagnostics.filter((diagnostic) => diagnostic.severity === "error");
  if (errors.length > 0) throw new Error(`sync failed: ${JSON.stringify(errors)}`);
  return summary;
}

/** Time of a full sync (the first one builds the index), in ms. */
async function build(index: MemoryIndexStore): Promise<number> {
  const started = performance.now();
  checked(await index.sync());
  return performance.now() - started;
}

/** Latency in ms of `run`, called until both `time` ms and `iterations` calls have passed. */
async function latency(name: string, run: () => Promise<unknown>, limits: { time: number; iterations: number }) {
  const bench = new Bench({ ...limits, warmupTime: 0, warmupIterations: 2, retainSamples: true });
  bench.add(name, run);
  await bench.run();
  const samples = [
    ...(bench.tasks[0]?.result?.state === "completed" ? (bench.tasks[0].result.latency.samples ?? []) : []),
  ];
  samples.sort((a, b) => a - b);
  const quantile = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  return { p50: quantile(0.5), p95: quantile(0.95), count: samples.length };
}

const bytes = (path: string) => statSync(path).size + (statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0);
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 0);

/**
 * Runs the memory benchmark at `sizes` chunks (default {@link DEFAULT_MEMORY_SIZES}), writes its
 * tables to `write` and progress lines to `progress`.
 */
export async function runMemoryBench(
  write: Write,
  options: SuiteOptions & { sizes?: readonly number[] } = {},
): Promise<void> {
  const progressWrite = options.progress ?? stderrWrite;
  const progress = (text: string) => progressWrite(`bench: memory: ${text}\n`);
  const rows: Record<string, string>[] = [];
  const syncRows: Record<string, string>[] = [];
  const sizes = options.sizes ?? DEFAULT_MEMORY_SIZES;
  for (const [sizeIndex, size] of sizes.entries()) {
    progress(`${size} chunks (size ${sizeIndex + 1} of ${sizes.length}): writing the notes`);
    const runtime = createTestRuntime({ now: NOW });
    try {
      const workspace = writeMemoryBenchNotes({
        dir: join(runtime.root, "ws"),
        chunks: size,
        now: NOW,
        chunking: SETTINGS.chunking,
      });
      const queries = workspace.queries;
      progress(`${workspace.chunks} chunks in ${workspace.files} notes written`);
      const variants: { variant: Variant; file: string }[] = [
        { variant: "keyword", file: "keyword.sqlite" },
        { variant: "hybrid + sqlite-vec", file: "vec.sqlite" },
        // Above 1k the JS-cosine variant reads the sqlite-vec build (its chunks.embedding) rather than building again.
        { variant: "hybrid, JS cosine", file: size <= 1_000 ? "js.sqlite" : "vec.sqlite" },
      ];
      for (const { variant, file } of variants) {
        const path = join(runtime.root, "state", file);
        const index = openIndex(runtime, path, variant);
        try {
          const reused = size > 1_000 && variant === "hybrid, JS cosine";
          const built = reused ? undefined : await build(index);
          if (built !== undefined) progress(`${size} ${variant}: built in ${ms(built)} ms`);
          let next = 0;
          const timing = await latency(
            `${size} ${variant}`,
            () => index.search({ query: queries[next++ % queries.length]! }),
            { time: 1_000, iterations: 32 },
          );
          progress(`${size} ${variant}: ${timing.count} searches, p50 ${ms(timing.p50)} ms`);
          rows.push({
            chunks: String(workspace.chunks),
            index: variant,
            "build ms": built === undefined ? "(same file as sqlite-vec)" : ms(built),
            "db bytes": String(bytes(path)),
            searches: String(timing.count),
            "search p50 ms": ms(timing.p50),
            "search p95 ms": ms(timing.p95),
            target: size >= 100_000 ? `p50 under 5 ms (${timing.p50 < 5 ? "met" : "missed"})` : "",
          });
          if (size === SYNC_SIZE) syncRows.push(...(await timeSyncs({ runtime, index, variant, workspace })));
        } finally {
          index.close();
        }
      }
    } finally {
      rmSync(runtime.root, { recursive: true, force: true });
    }
  }
  write(formatTable(rows));
  write(
    syncRows.length > 0
      ? formatTable(syncRows)
      : `(sync latency is measured at ${SYNC_SIZE} chunks: add ${SYNC_SIZE} to --chunks for it)\n`,
  );
}

/**
 * The sync a search runs first, after one note was appended to through the runtime (so the write
 * log names it), after nothing changed, and a full sync (every note listed and checked, as on
 * first use or after a shell command), at p50/p95 over a few rounds.
 */
async function timeSyncs(options: {
  runtime: TestRuntime;
  index: MemoryIndexStore;
  variant: Variant;
  workspace: { files: number; chunks: number; firstNote: string };
}): Promise<Record<string, string>[]> {
  const { runtime, index, workspace } = options;
  const note = join(runtime.root, "ws", workspace.firstNote);
  let round = 0;
  const limits = { time: 0, iterations: 8 };
  const changed = await latency(
    "changed",
    async () => {
      await runtime.fs.appendText(note, `- Follow-up ${round++}: confirm the offsite train times.\n`);
      if (checked(await index.refresh()).indexed.length !== 1) throw new Error("the changed note was not re-indexed");
    },
    limits,
  );
  const unchanged = await latency("unchanged", async () => checked(await index.refresh()), limits);
  const full = await latency("full", async () => checked(await index.sync()), limits);
  const row = (kind: string, timing: { p50: number; p95: number }, target: string) => ({
    chunks: String(workspace.chunks),
    notes: String(workspace.files),
    index: options.variant,
    sync: kind,
    "p50 ms": ms(timing.p50),
    "p95 ms": ms(timing.p95),
    target,
  });
  return [
    row("one note changed", changed, `p50 under 20 ms (${changed.p50 < 20 ? "met" : "missed"})`),
    row("nothing changed (paid by every search)", unchanged, ""),
    row("full sync, nothing changed", full, ""),
  ];
}

if (isMain(import.meta.url)) await runMemoryBench(stdoutWrite);
