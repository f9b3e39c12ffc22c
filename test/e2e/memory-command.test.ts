import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MemoryCommandReport } from "../../src/cli/build-memory-command-report.js";
import { cliTimeout, makeTempDir, runCliProcess } from "../support/run-cli.js";

/** A half-life long enough that a dated note from 2025 keeps a readable multiplier. */
const HALF_LIFE_DAYS = 3650;
const DATED = "memory/2025-06-01.md";
const SLUGGED = "memory/2025-09-15-billing.md";

/** A temp world: HOME, a state dir, a workspace with MEMORY.md and two dated notes, and a config file. */
function world() {
  const root = makeTempDir("claw-eval-e2e-memory-");
  const home = join(root, "home");
  const stateDir = join(root, "state");
  const ws = join(root, "ws");
  mkdirSync(home);
  mkdirSync(join(ws, "memory"), { recursive: true });
  writeFileSync(join(ws, "MEMORY.md"), "# Long-term\n\nThe deploy key lives in the vault under ops/deploy.\n");
  writeFileSync(join(ws, DATED), "# Notes\n\nRotated the deploy key on staging.\n");
  writeFileSync(join(ws, SLUGGED), "# Billing\n\nThe March invoice was paid by card.\n");
  const config = join(root, "openclaw.json");
  const memorySearch = { query: { hybrid: { temporalDecay: { halfLifeDays: HALF_LIFE_DAYS } } } };
  writeFileSync(config, JSON.stringify({ agents: { defaults: { memorySearch } } }));
  const env = {
    HOME: home,
    OPENCLAW_STATE_DIR: stateDir,
    OPENAI_API_KEY: undefined,
    OPENCLAW_HOME: undefined,
    CLAWDBOT_STATE_DIR: undefined,
    USERPROFILE: undefined,
    TZ: undefined,
  };
  const cli = (args: readonly string[], extraEnv: Record<string, string | undefined> = {}) =>
    runCliProcess(["memory", ...args], { cwd: root, env: { ...env, ...extraEnv } });
  return { root, ws, stateDir, config, cli };
}

async function memoryJson(run: Promise<{ code: number | null; stdout: string; stderr: string }>) {
  const result = await run;
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as MemoryCommandReport;
}

/** The trimmed cells of the first table line containing `marker`. */
function tableRow(text: string, marker: string): string[] {
  const line = text.split("\n").find((row) => row.startsWith("│") && row.includes(marker));
  expect(line, `a table row with ${marker}`).toBeDefined();
  return (line ?? "")
    .split("│")
    .slice(1, -1)
    .map((cell) => cell.trim());
}

describe("claw-eval memory (real binary)", () => {
  it(
    "--json is one document of the documented shape: a dated note decays (multiplier < 1), MEMORY.md never does",
    async () => {
      const { ws, stateDir, config, cli } = world();
      const report = await memoryJson(
        cli([ws, "--query", "deploy key", "--config", config, "--min-score", "0", "--json"]),
      );
      expect(Object.keys(report)).toEqual([
        "workspace",
        "store",
        "mode",
        "provider",
        "model",
        "fallback",
        "sync",
        "query",
        "results",
      ]);
      const store = join(stateDir, "memory", "main.sqlite");
      expect(report).toMatchObject({ workspace: ws, store, mode: "hybrid", provider: "hash", model: "fnv1a-256" });
      expect(report.fallback).toBeNull();
      expect(existsSync(store)).toBe(true);
      expect(report.query).toBe("deploy key");
      expect(report.sync).toEqual({
        indexed: ["MEMORY.md", DATED, SLUGGED],
        skipped: [],
        deleted: [],
        fullReindex: true,
        reindexReason: expect.any(String),
      });
      expect(report.results.map((result) => result.rank)).toEqual(report.results.map((_, index) => index + 1));
      for (const result of report.results) {
        expect(Object.keys(result)).toEqual([
          "rank",
          "path",
          "startLine",
          "endLine",
          "citation",
          "score",
          "parts",
          "snippet",
        ]);
        expect(result.citation).toBe(`${result.path}#L${result.startLine}-L${result.endLine}`);
        expect(result.score).toBeCloseTo(result.parts.merged * result.parts.decay, 12);
      }
      const memory = report.results.find((result) => result.path === "MEMORY.md");
      expect(memory?.parts.decay).toBe(1);
      expect(memory?.parts.ageDays).toBeUndefined();
      const dated = report.results.find((result) => result.path === DATED);
      const ageDays = dated?.parts.ageDays ?? Number.NaN;
      expect(ageDays).toBeGreaterThan(150);
      expect(dated?.parts.decay).toBeLessThan(1);
      expect(dated?.parts.decay).toBeCloseTo(Math.exp((-Math.LN2 / HALF_LIFE_DAYS) * ageDays), 12);
      expect(dated?.snippet).toContain("Rotated the deploy key");
      expect(report.results.map((result) => result.path)).toContain(SLUGGED);
    },
    cliTimeout(1),
  );

  it(
    "the table shows each score's parts, the search mode, the sync summary and a legend",
    async () => {
      const { ws, config, cli } = world();
      const run = await cli([ws, "--query", "deploy key", "--config", config, "--min-score", "0"]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Workspace: ${ws}\n`);
      expect(run.stdout).toContain("Search: hybrid, provider hash, model fnv1a-256\n");
      expect(run.stdout).toContain("Fallback: none\n");
      expect(run.stdout).toMatch(
        /Sync: indexed 3 \(MEMORY\.md, memory\/2025-06-01\.md, .*\), skipped 0, deleted 0, full reindex \(/,
      );
      expect(run.stdout).toContain('Query: "deploy key"\n');
      expect(tableRow(run.stdout, `${SLUGGED}#L`)).toHaveLength(9);
      expect(tableRow(run.stdout, "│ # │")).toEqual([
        "#",
        "score",
        "keyword",
        "vector",
        "merged",
        "decay",
        "age (days)",
        "location",
        "snippet",
      ]);
      const [, , , , , memoryDecay, memoryAge, memoryLocation] = tableRow(run.stdout, "MEMORY.md#L");
      expect([memoryDecay, memoryAge, memoryLocation]).toEqual(["1.0000", "—", "MEMORY.md#L1-L4"]);
      const [, score, , , merged, decay, age, location, snippet] = tableRow(run.stdout, `${DATED}#L`);
      expect(Number(decay)).toBeGreaterThan(0);
      expect(Number(decay)).toBeLessThan(1);
      expect(Number(age)).toBeGreaterThan(150);
      expect(Number(score)).toBeCloseTo(Number(merged) * Number(decay), 3);
      expect([location, snippet]).toEqual([`${DATED}#L1-L4`, "# Notes Rotated the deploy key on staging."]);
      expect(run.stdout).toMatch(/\nLegend: score = merged × decay.*halving every 3650 days.*MEMORY\.md.*never decay/);
    },
    cliTimeout(1),
  );

  it(
    "a second run reuses the index (nothing indexed, exit 0 even with no results); editing one note re-indexes only it",
    async () => {
      const { ws, cli } = world();
      const first = await memoryJson(cli([ws, "--query", "deploy key", "--json"]));
      expect(first.sync.indexed).toHaveLength(3);
      const second = await memoryJson(cli([ws, "--query", "zebra crossing", "--json"]));
      expect(second.sync).toEqual({ indexed: [], skipped: [], deleted: [], fullReindex: false });
      expect(second.results).toEqual([]);
      writeFileSync(join(ws, DATED), "# Notes\n\nRotated the deploy key on staging, then on production.\n");
      const third = await memoryJson(cli([ws, "--query", "production", "--json", "--min-score", "0"]));
      expect(third.sync).toEqual({ indexed: [DATED], skipped: [], deleted: [], fullReindex: false });
      expect(third.results[0]?.path).toBe(DATED);
    },
    cliTimeout(3),
  );

  it(
    "usage errors exit 2 naming the problem: a missing workspace, no --query, a bad --min-score",
    async () => {
      const { root, ws, cli } = world();
      const missing = await cli([join(root, "nope"), "--query", "deploy"]);
      expect(missing).toMatchObject({ code: 2, stdout: "" });
      expect(missing.stderr).toContain("nope: expected a workspace folder, found nothing");
      const noQuery = await cli([ws, "--json"]);
      expect(noQuery).toMatchObject({ code: 2, stdout: "" });
      expect(noQuery.stderr).toContain("--query: required");
      const badScore = await cli([ws, "--query", "deploy", "--min-score", "1.5"]);
      expect(badScore).toMatchObject({ code: 2, stdout: "" });
      expect(badScore.stderr).toContain('--min-score: expected a number from 0 to 1, found "1.5"');
    },
    cliTimeout(3),
  );

  it(
    "an embedder that cannot be set up is an error (exit 1); a missing key falls back to fts-only with the reason",
    async () => {
      const { root, ws, cli } = world();
      const broken = join(root, "broken.json");
      const memorySearch = { provider: "openai", remote: { baseUrl: "ftp://example.invalid" } };
      writeFileSync(broken, JSON.stringify({ agents: { defaults: { memorySearch } } }));
      const unavailable = await cli([ws, "--query", "deploy", "--config", broken], { OPENAI_API_KEY: "sk-test" });
      expect(unavailable).toMatchObject({ code: 1, stdout: "" });
      expect(unavailable.stderr).toMatch(/^error: memory search unavailable: .*ftp:\/\/example\.invalid/);
      const noKey = join(root, "no-key.json");
      writeFileSync(noKey, JSON.stringify({ agents: { defaults: { memorySearch: { provider: "openai" } } } }));
      const report = await memoryJson(
        cli([ws, "--query", "deploy key vault", "--config", noKey, "--min-score", "0", "--json"]),
      );
      expect(report).toMatchObject({ mode: "fts-only", provider: "none", model: "fts-only" });
      expect(report.fallback).toEqual({ from: "openai", reason: expect.stringContaining("OPENAI_API_KEY") });
      expect(report.results[0]?.path).toBe("MEMORY.md");
      expect(report.results.every((result) => result.parts.vector === undefined)).toBe(true);
    },
    cliTimeout(2),
  );
});
