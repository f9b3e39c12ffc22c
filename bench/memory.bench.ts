/**
 * Memory index cost (memory.md §3–§6) over generated daily notes of about 1k, 10k and 100k
 * chunks (default chunking, 400/80 tokens): index build time and database size, search latency
 * p50/p95 for keyword-only (provider `none`) and hybrid (`hash`) with and without sqlite-vec, and
 * at 10k chunks a sync after one changed note (and one with no change, which every search pays).
 * Searches time the query path alone (legs, merge, decay, order, selection), without the sync
 * that precedes a product search. Targets: search p50 < 5 ms at 100k chunks; incremental sync
 * < 20 ms at 10k. The default run stops at 10k; CLAW_EVAL_MEMORY_BENCH_100K=1 adds 100k (built
 * once, many minutes; its notes span decades). Run: npm run bench:memory
 */
import { appendFileSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Bench } from "tinybench";
import { resolveOpenClawConfig } from "../src/config/resolve-openclaw-config.js";
import { chunkDocument } from "../src/memory/chunk-document.js";
import { createHashEmbedder } from "../src/memory/embedders/create-hash-embedder.js";
import type { Embedder } from "../src/memory/embedders/embedder.js";
import { searchMemory } from "../src/memory/search-memory.js";
import { openSqliteMemoryStore, type SqliteMemoryStore } from "../src/memory/sqlite-memory-store.js";
import { syncMemoryIndex } from "../src/memory/sync-memory-index.js";
import { createSeededRandom } from "../src/platform/create-seeded-random.js";
import { createTestRuntime, type TestRuntime } from "../src/platform/create-test-runtime.js";
import { formatTable } from "./format-table.js";
import { isMain, stdoutWrite, type Write } from "./is-main.js";

const NOW = Date.parse("2026-03-15T00:00:00Z");
const DAY_MS = 86_400_000;
const SETTINGS = resolveOpenClawConfig({}).agents.defaults.memorySearch;
const PEOPLE = ["Priya", "Mei", "Tom", "Aiko", "Rahul", "Lena", "Marco", "Wen", "Dr. Lin", "the landlord"];
const PROJECTS = ["billing API", "invoice export", "search index", "mobile app", "onboarding flow", "data warehouse"];
const PLACES = ["Hangzhou", "Kyoto", "the Xuhui gym", "Anfu Road", "Hongqiao station", "the Jing'an clinic"];
const AMOUNTS = ["40", "120", "300", "860", "1,240", "4,800"];
const THINGS = ["deploy key", "Postgres migration", "webhook retries", "passport renewal", "rent", "vet visit"];
const LINES = [
  (p: Choose) => `Met ${p(PEOPLE)} about the ${p(PROJECTS)}; agreed to revisit the ${p(THINGS)} next week.`,
  (p: Choose) => `Decided: the ${p(PROJECTS)} ships behind a flag; ${p(PEOPLE)} owns the rollout.`,
  (p: Choose) => `Trip idea: ${p(PLACES)} in spring, trains preferred, budget about ${p(AMOUNTS)} CNY.`,
  (p: Choose) => `Follow-up: ask ${p(PEOPLE)} about the ${p(THINGS)} before Friday.`,
  (p: Choose) =>
    `Incident on the ${p(PROJECTS)}: ${p(THINGS)} failed for ${p(AMOUNTS)} seconds, postmortem by ${p(PEOPLE)}.`,
  (p: Choose) => `Paid ${p(AMOUNTS)} CNY for the ${p(THINGS)}; receipt filed under ${p(PLACES)}.`,
  (p: Choose) => `Climbing with ${p(PEOPLE)} at ${p(PLACES)}, then noodles nearby.`,
  (p: Choose) => `Read notes on the ${p(PROJECTS)} design; open question on the ${p(THINGS)}.`,
];
const QUERIES = [
  "billing API rollout",
  "Postgres migration incident",
  "trip to Kyoto",
  "ask Priya about rent",
  "deploy key",
  "webhook retries postmortem",
  "climbing at the Xuhui gym",
  "invoice export design question",
];
const SLUGS = ["meeting", "trip", "reading"];

type Choose = <T>(items: readonly T[]) => T;
type Variant = "keyword" | "hybrid + sqlite-vec" | "hybrid, JS cosine";

/** A note of 6–96 generated lines under three headings (about 0.5–9 KB). */
function note(title: string, random: () => number): string {
  const pick: Choose = (items) => items[Math.floor(random() * items.length)]!;
  const lines = [`# ${title}`];
  for (const heading of ["## Work", "## Personal", "## Follow-ups"]) {
    lines.push("", heading);
    const count = 2 + Math.floor(random() ** 2 * 30);
    for (let index = 0; index < count; index++) lines.push(`- ${pick(LINES)(pick)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Writes notes backwards from 2026-03-14 into `<dir>/memory/` until they make `chunks` chunks. */
function writeWorkspace(dir: string, chunks: number): { files: number; chunks: number; firstNote: string } {
  mkdirSync(join(dir, "memory"), { recursive: true });
  const random = createSeededRandom(chunks);
  let total = 0;
  let files = 0;
  let firstNote = "";
  for (let day = 1; total < chunks; day++) {
    const date = new Date(NOW - day * DAY_MS).toISOString().slice(0, 10);
    const names = [date, ...SLUGS.filter(() => random() < 0.25).map((slug) => `${date}-${slug}`)];
    for (const name of names) {
      const text = note(name, random);
      writeFileSync(join(dir, "memory", `${name}.md`), text);
      total += chunkDocument({ text, ...SETTINGS.chunking }).filter((chunk) => chunk.text.trim() !== "").length;
      files++;
      if (firstNote === "") firstNote = `memory/${name}.md`;
    }
  }
  return { files, chunks: total, firstNote };
}

function openStore(path: string, vectors: boolean): SqliteMemoryStore {
  const opened = openSqliteMemoryStore({ path, vector: { enabled: vectors } });
  if (!opened.ok) throw new Error(`cannot open ${path}: ${JSON.stringify(opened.diagnostics)}`);
  return opened.store;
}

async function sync(runtime: TestRuntime, store: SqliteMemoryStore, embedder: Embedder | undefined): Promise<number> {
  const started = performance.now();
  const summary = await syncMemoryIndex({
    runtime,
    store,
    workspaceDir: join(runtime.root, "ws"),
    settings: SETTINGS,
    ...(embedder === undefined ? {} : { embedder }),
  });
  const errors = summary.diagnostics.filter((diagnostic) => diagnostic.severity === "error");
  if (errors.length > 0) throw new Error(`sync failed: ${JSON.stringify(errors)}`);
  return performance.now() - started;
}

function search(store: SqliteMemoryStore, embedder: Embedder | undefined, query: string) {
  const model = embedder?.model ?? "fts-only";
  return searchMemory({
    query,
    settings: SETTINGS.query,
    now: NOW,
    mode: embedder === undefined ? "fts-only" : "hybrid",
    keywordLeg: async (ftsQuery, limit) => store.keywordCandidates({ ftsQuery, model, limit }),
    ...(embedder === undefined
      ? {}
      : {
          vectorLeg: async (text: string, limit: number) =>
            store.vectorCandidates({ embedding: await embedder.embedQuery(text), model, limit }),
        }),
  });
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

/** Runs the memory benchmark, writes its tables to `write` and progress lines to stderr. */
export async function runMemoryBench(write: Write): Promise<void> {
  const progress = (text: string) => process.stderr.write(`memory bench: ${text}\n`);
  const rows: Record<string, string>[] = [];
  const syncRows: Record<string, string>[] = [];
  const embedder = createHashEmbedder();
  // 100k chunks takes many minutes to build on a busy machine, so it runs only on request.
  const sizes = process.env.CLAW_EVAL_MEMORY_BENCH_100K === "1" ? [1_000, 10_000, 100_000] : [1_000, 10_000];
  for (const size of sizes) {
    const runtime = createTestRuntime({ now: NOW });
    try {
      const workspace = writeWorkspace(join(runtime.root, "ws"), size);
      progress(`${workspace.chunks} chunks in ${workspace.files} notes written`);
      const variants: { variant: Variant; embedder?: Embedder; vectors: boolean; file: string }[] = [
        { variant: "keyword", vectors: false, file: "keyword.sqlite" },
        { variant: "hybrid + sqlite-vec", embedder, vectors: true, file: "vec.sqlite" },
        // Above 1k the JS-cosine variant reads the sqlite-vec build (its chunks.embedding) rather than building again.
        { variant: "hybrid, JS cosine", embedder, vectors: false, file: size <= 1_000 ? "js.sqlite" : "vec.sqlite" },
      ];
      for (const { variant, embedder: variantEmbedder, vectors, file } of variants) {
        const path = join(runtime.root, "state", file);
        const store = openStore(path, vectors);
        try {
          const reused = size > 1_000 && variant === "hybrid, JS cosine";
          const build = reused ? undefined : await sync(runtime, store, variantEmbedder);
          if (build !== undefined) progress(`${size} ${variant}: built in ${ms(build)} ms`);
          const slow = variant === "hybrid, JS cosine" && size >= 10_000;
          let next = 0;
          const timing = await latency(
            `${size} ${variant}`,
            () => search(store, variantEmbedder, QUERIES[next++ % QUERIES.length]!),
            slow ? { time: 0, iterations: size >= 100_000 ? 4 : 16 } : { time: 1_000, iterations: 32 },
          );
          progress(`${size} ${variant}: ${timing.count} searches, p50 ${ms(timing.p50)} ms`);
          rows.push({
            chunks: String(workspace.chunks),
            index: variant,
            "build ms": build === undefined ? "(same file as sqlite-vec)" : ms(build),
            "db bytes": String(bytes(path)),
            searches: String(timing.count),
            "search p50 ms": ms(timing.p50),
            "search p95 ms": ms(timing.p95),
            target: size >= 100_000 ? `p50 < 5 ms ${timing.p50 < 5 ? "(met)" : "(missed)"}` : "",
          });
          if (size === 10_000)
            syncRows.push(...(await timeSyncs({ runtime, store, variant, workspace, embedder: variantEmbedder })));
        } finally {
          store.close();
        }
      }
    } finally {
      rmSync(runtime.root, { recursive: true, force: true });
    }
  }
  write(formatTable(rows));
  write(formatTable(syncRows));
}

/** Sync after appending a line to one note, and sync with nothing changed, at p50/p95 over a few rounds. */
async function timeSyncs(options: {
  runtime: TestRuntime;
  store: SqliteMemoryStore;
  variant: Variant;
  workspace: { files: number; chunks: number; firstNote: string };
  embedder: Embedder | undefined;
}): Promise<Record<string, string>[]> {
  const { runtime, store, embedder, workspace } = options;
  const note = join(runtime.root, "ws", workspace.firstNote);
  let round = 0;
  const changed = await latency(
    "changed",
    async () => {
      appendFileSync(note, `- Follow-up ${round++}: confirm the offsite train times.\n`);
      await sync(runtime, store, embedder);
    },
    { time: 0, iterations: 8 },
  );
  const unchanged = await latency("unchanged", () => sync(runtime, store, embedder), { time: 0, iterations: 8 });
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
    row("one note changed", changed, `< 20 ms ${changed.p50 < 20 ? "(met)" : "(missed)"}`),
    row("nothing changed (paid by every search)", unchanged, ""),
  ];
}

if (isMain(import.meta.url)) await runMemoryBench(stdoutWrite);
