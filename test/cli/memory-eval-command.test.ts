import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/create-program.js";
import type { MemoryEvalReport } from "../../src/cli/memory-eval-report.js";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { makeTempDir } from "../support/run-cli.js";

const FIXTURE = fileURLToPath(new URL("../../fixtures/memory-queries/", import.meta.url));
const WORKSPACE = join(FIXTURE, "workspace");
const QUERIES = join(FIXTURE, "queries.jsonl");
const NOW = Date.parse("2026-03-15T00:00:00Z");

/** Runs `claw-eval memory <fixture workspace> ...args` in-process, with a fresh state dir and a fixed clock. */
async function memory(args: readonly string[], options: { signal?: AbortSignal } = {}) {
  const root = makeTempDir("claw-eval-memory-eval-");
  const stateDir = join(root, "state");
  const host = createTestHost({ cwd: root, now: NOW, env: { HOME: root, OPENCLAW_STATE_DIR: stateDir } });
  const code = await runCli(["memory", WORKSPACE, ...args], {
    host,
    signal: options.signal ?? new AbortController().signal,
  });
  return { code, ...host.output, root, stateDir };
}

function writeConfig(root: string, memorySearch: Record<string, unknown>): string {
  const path = join(root, `config-${readdirSync(root).length}.json`);
  writeFileSync(path, JSON.stringify({ agents: { defaults: { memorySearch } } }));
  return path;
}

const figures = (report: MemoryEvalReport, id: string) => {
  const variant = report.variants.find((entry) => entry.id === id);
  if (variant?.status !== "ran") throw new Error(`${id} did not run`);
  return variant;
};

describe("claw-eval memory --eval (in-process)", () => {
  it("--json measures the six variants over in-memory indexes and writes nothing to the state dir", async () => {
    const run = await memory(["--eval", QUERIES, "--k", "5", "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as MemoryEvalReport;
    expect(existsSync(run.stateDir)).toBe(false);
    expect(report).toMatchObject({
      workspace: WORKSPACE.replace(/\/$/, ""),
      queriesFile: QUERIES,
      agent: "main",
      asOf: "2026-03-15T00:00:00.000Z",
      k: 5,
      kFrom: "--k",
      minScore: 0.35,
      minScoreFrom: "config",
      queries: 17,
      languages: { english: 15, chinese: 2 },
      configured: "hybrid-decay",
      best: "keyword-no-decay",
      minRecall: null,
    });
    expect(report.variants.map((variant) => [variant.id, variant.status, variant.configured])).toEqual([
      ["hybrid-decay", "ran", true],
      ["hybrid-no-decay", "ran", false],
      ["keyword-decay", "ran", false],
      ["keyword-no-decay", "ran", false],
      ["vector-decay", "ran", false],
      ["vector-no-decay", "ran", false],
    ]);
    // The figures test/memory/retrieval-quality.test.ts documents for the same fixture, k and clock.
    const rounded = (id: string) => {
      const { recallAtK, mrr } = figures(report, id).figures;
      return [Number(recallAtK.toFixed(3)), Number(mrr.toFixed(3))];
    };
    expect(["hybrid-decay", "hybrid-no-decay", "keyword-decay", "keyword-no-decay"].map(rounded)).toEqual([
      [0.088, 0.118],
      [0.5, 0.588],
      [0.382, 0.373],
      [0.882, 0.776],
    ]);
    for (const variant of report.variants) {
      if (variant.status !== "ran") continue;
      expect(variant.queries.map((entry) => entry.line)).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
      for (const entry of variant.queries) {
        expect(entry.hits.length).toBeLessThanOrEqual(5);
        expect(entry.precision).toBe(entry.hits.filter((hit) => hit.relevant).length / 5);
        expect(entry.language).toBe(/[\u4e00-\u9fff]/.test(entry.query) ? "chinese" : "english");
      }
      expect(variant.byLanguage.chinese?.queries).toBe(2);
    }
  });

  it("the table shows the settings, a row per variant with language rows, the best variant's misses and their hits", async () => {
    const run = await memory(["--eval", QUERIES, "--min-score", "0"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Queries: ${QUERIES} (17: 15 English, 2 Chinese)\n`);
    expect(run.stdout).toContain(
      "k: 6 (memorySearch.query.maxResults); min score: 0 (--min-score); note ages as of 2026-03-15T00:00:00.000Z\n",
    );
    expect(run.stdout).toMatch(/│ variant +│ recall@6 │ precision@6 │ +MRR │/);
    expect(run.stdout).toMatch(
      /│ hybrid-decay \(configured\) +│ +0\.\d{3} │ +0\.\d{3} │ +0\.\d{3} │\n│ +English \(15\) +│/,
    );
    expect(run.stdout).toMatch(/\nBest: \S+ \(recall@6 0\.\d{3}, precision@6 0\.\d{3}, MRR 0\.\d{3}\)\n/);
    expect(run.stdout).toMatch(/\nNot fully recalled by \S+ \(\d+ of 17\), with their top hits:\n {2}line \d+ "/);
    expect(run.stdout).toMatch(/\n {4}1\. \d\.\d{4} memory\/\S+#L\d+(-L\d+)?( \[relevant\])? {2}\S/);
  });

  it("with provider none the hybrid and vector variants are skipped with the reason; keyword search is the configured one", async () => {
    const root = makeTempDir("claw-eval-memory-eval-config-");
    const config = writeConfig(root, { provider: "none", query: { hybrid: { temporalDecay: { enabled: false } } } });
    const run = await memory(["--eval", QUERIES, "--config", config, "--json", "--min-recall", "0.8"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as MemoryEvalReport;
    expect(report.configured).toBe("keyword-no-decay");
    const skipped = report.variants.flatMap((variant) =>
      variant.status === "skipped" ? [[variant.id, variant.reason]] : [],
    );
    const reason = 'no embedder: memorySearch.provider is "none"';
    expect(skipped).toEqual([
      ["hybrid-decay", reason],
      ["hybrid-no-decay", reason],
      ["vector-decay", reason],
      ["vector-no-decay", reason],
    ]);
    expect(report.minRecall).toEqual({
      threshold: 0.8,
      variant: "keyword-no-decay",
      recallAtK: figures(report, "keyword-no-decay").figures.recallAtK,
      passed: true,
    });
  });

  it("an embedder that cannot be set up skips the configured variant: a warning, and --min-recall fails", async () => {
    const root = makeTempDir("claw-eval-memory-eval-config-");
    const config = writeConfig(root, { provider: "openai", remote: { apiKey: "sk-test", baseUrl: "ftp://x.invalid" } });
    const run = await memory(["--eval", QUERIES, "--config", config, "--min-recall", "0"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^warning: the configured variant hybrid-decay could not run: the embedder cannot be set up: .*ftp:\/\/x\.invalid/,
    );
    expect(run.stdout).toMatch(/│ hybrid-decay \(configured\) +│ skipped: the embedder cannot be set up: /);
    expect(run.stdout).toContain("\nMin recall 0: failed, hybrid-decay did not run.");
  });

  it("--min-recall exits 1 when the configured variant's recall@k is below it, 0 when at or above", async () => {
    const below = await memory(["--eval", QUERIES, "--k", "5", "--min-recall", "0.5"]);
    expect(below.code).toBe(1);
    expect(below.stdout).toContain("\nMin recall 0.5: failed, hybrid-decay recall@5 0.088 < 0.5.");
    const above = await memory(["--eval", QUERIES, "--k", "5", "--min-recall", "0.05", "--json"]);
    expect(above.code).toBe(0);
    expect((JSON.parse(above.stdout) as MemoryEvalReport).minRecall).toMatchObject({
      variant: "hybrid-decay",
      passed: true,
    });
  });

  it("an interrupt before the variants ran skips them all and exits 3", async () => {
    const controller = new AbortController();
    controller.abort();
    const run = await memory(["--eval", QUERIES, "--json"], { signal: controller.signal });
    expect(run.code).toBe(3);
    const report = JSON.parse(run.stdout) as MemoryEvalReport;
    expect(report.variants.every((variant) => variant.status === "skipped" && variant.reason === "interrupted")).toBe(
      true,
    );
    expect(report.best).toBeNull();
  });
});

describe("claw-eval memory --eval input errors (exit 2, nothing on stdout)", () => {
  async function refused(args: readonly string[]) {
    const run = await memory(args);
    expect(run).toMatchObject({ code: 2, stdout: "" });
    return run.stderr;
  }

  it("a bad queries file names the file, line and field", async () => {
    const root = makeTempDir("claw-eval-memory-eval-queries-");
    const file = join(root, "bad.jsonl");
    writeFileSync(
      file,
      '{"query": "tax refund", "relevant": ["memory/2026-03-13.md"]}\n{"query": "", "relevant": []}\n',
    );
    const stderr = await refused(["--eval", file]);
    expect(stderr).toBe(
      [
        `error: ${file}:2:1: query: expected a non-blank string: the text to search the notes for, found string ""`,
        `error: ${file}:2:1: relevant: expected a non-empty list of labels, each a memory file path (memory/2026-03-14.md) or a line range of one (memory/2026-03-14.md#L3-L7), found an empty list`,
        "",
      ].join("\n"),
    );
  });

  it("a label that is not a memory file of the workspace is an error with the closest file", async () => {
    const root = makeTempDir("claw-eval-memory-eval-queries-");
    const file = join(root, "paths.jsonl");
    writeFileSync(file, '{"query": "tax refund", "relevant": ["memory/2026-03-31.md", "memory/2026-3-13.md#L2"]}\n');
    const stderr = await refused(["--eval", file]);
    expect(stderr).toContain(`error: ${file}:1:1: relevant[1]: expected a memory file of the workspace`);
    expect(stderr).toContain('found "memory/2026-3-13.md" (did you mean memory/2026-03-13.md?)\n');
    expect(stderr).toContain(`error: ${file}:1:1: relevant[0]:`);
  });

  it("a missing file, a folder, and a file over 5 MiB are refused before reading", async () => {
    const root = makeTempDir("claw-eval-memory-eval-queries-");
    expect(await refused(["--eval", "nope.jsonl"])).toBe(
      "claw-eval: --eval: nope.jsonl: expected a labelled-queries file, found nothing\n",
    );
    expect(await refused(["--eval", root])).toContain("expected a labelled-queries file, found a folder");
    const big = join(root, "big.jsonl");
    writeFileSync(big, Buffer.alloc(5 * 1024 * 1024 + 1, 0x20));
    expect(await refused(["--eval", big])).toBe(
      `error: ${big}:1:1: expected a file of at most 5 MiB (5242880 bytes): split it into several files, found 5242881 bytes\n`,
    );
  });

  it("flags of the other mode and bad numbers are usage errors", async () => {
    expect(await refused(["--eval", QUERIES, "--query", "tax"])).toContain("--query: not with --eval");
    expect(await refused(["--eval", QUERIES, "--max-results", "3"])).toContain(
      "--max-results: not with --eval; set the cut-off rank with --k",
    );
    expect(await refused(["--query", "tax", "--k", "3"])).toContain("--k: only with --eval <queries.jsonl>");
    expect(await refused(["--query", "tax", "--min-recall", "0.5"])).toContain("--min-recall: only with --eval");
    expect(await refused(["--eval", QUERIES, "--min-recall", "2"])).toContain(
      '--min-recall: expected a number from 0 to 1, found "2"',
    );
    expect(await refused(["--eval", QUERIES, "--k", "0"])).toContain('--k: expected a positive integer, found "0"');
    expect(await refused([])).toContain("--query: required (the text to search the memory notes for), or --eval");
    expect(await refused(["--query", "tax", "--as-of", "2026-03-15"])).toContain("--as-of: only with --eval");
    expect(await refused(["--eval", QUERIES, "--as-of", "yesterday"])).toContain(
      '--as-of: expected a date like 2026-03-15 or 2026-03-15T09:00:00Z, found "yesterday"',
    );
  });

  it("--as-of measures note ages from that date instead of the clock", async () => {
    const pinned = JSON.parse((await memory(["--eval", QUERIES, "--json", "--as-of", "2027-03-15"])).stdout);
    expect(pinned.asOf).toBe("2027-03-15T00:00:00.000Z");
    const decayed = figures(pinned, "hybrid-decay").figures;
    const fresh = figures(JSON.parse((await memory(["--eval", QUERIES, "--json"])).stdout), "hybrid-decay").figures;
    // A year later every dated note has lost most of its score, so fewer of them clear min score.
    expect(decayed.recallAtK).toBeLessThan(fresh.recallAtK);
  });
});
