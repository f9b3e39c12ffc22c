import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MemoryEvalReport } from "../../src/cli/memory-eval-report.js";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";
import { type LabelledQuery, measureRetrieval, type RetrievalMeasure } from "../../src/memory/measure-retrieval.js";
import { openMemoryIndexStore } from "../../src/memory/memory-index-store.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { cliTimeout, makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

const FIXTURE = join(PROJECT_ROOT, "fixtures/memory-queries");
const K = 4;
const QUERIES: LabelledQuery[] = readFileSync(join(FIXTURE, "queries.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as LabelledQuery);

/** The same search measured in this process, configured by hand (not through the command's variants). */
async function measureInProcess(options: {
  now: number;
  queries: readonly LabelledQuery[];
  provider: "hash" | "none";
  hybrid: boolean;
  decay: boolean;
}): Promise<RetrievalMeasure> {
  const runtime = createTestRuntime({ now: options.now });
  const settings = structuredClone(resolveOpenClawConfig({}).agents.defaults.memorySearch);
  settings.provider = options.provider;
  settings.query.hybrid.enabled = options.hybrid;
  settings.query.hybrid.temporalDecay.enabled = options.decay;
  settings.store.path = ":memory:";
  const opened = openMemoryIndexStore({ runtime, workspaceDir: join(FIXTURE, "workspace"), agentId: "main", settings });
  if (!opened.ok) throw new Error(JSON.stringify(opened.diagnostics));
  try {
    expect((await opened.index.sync()).diagnostics).toEqual([]);
    return await measureRetrieval({
      queries: options.queries,
      k: K,
      search: async (query) => (await opened.index.search({ query, maxResults: K })).hits,
    });
  } finally {
    opened.index.close();
  }
}

const SETUPS = {
  hybrid: { provider: "hash", hybrid: true },
  keyword: { provider: "none", hybrid: true },
  vector: { provider: "hash", hybrid: false },
} as const;

describe("claw-eval memory --eval (real binary)", () => {
  it(
    "--json on fixtures/memory-queries gives, per variant, the figures the in-process measure gives; nothing is written",
    async () => {
      const root = makeTempDir("claw-eval-e2e-memory-eval-");
      const stateDir = join(root, "state");
      mkdirSync(join(root, "home"));
      const run = await runCliProcess(
        ["memory", join(FIXTURE, "workspace"), "--eval", join(FIXTURE, "queries.jsonl"), "--k", String(K), "--json"],
        {
          cwd: root,
          env: {
            HOME: join(root, "home"),
            OPENCLAW_STATE_DIR: stateDir,
            OPENAI_API_KEY: undefined,
            OPENCLAW_HOME: undefined,
            USERPROFILE: undefined,
          },
        },
      );
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(existsSync(stateDir)).toBe(false);
      const report = JSON.parse(run.stdout) as MemoryEvalReport;
      expect(Object.keys(report)).toEqual([
        "workspace",
        "queriesFile",
        "agent",
        "asOf",
        "k",
        "kFrom",
        "minScore",
        "minScoreFrom",
        "queries",
        "languages",
        "configured",
        "best",
        "minRecall",
        "variants",
      ]);
      expect(report).toMatchObject({
        k: K,
        queries: 17,
        languages: { english: 15, chinese: 2 },
        configured: "hybrid-decay",
      });
      const now = Date.parse(report.asOf);
      for (const variant of report.variants) {
        expect(variant.status, variant.id).toBe("ran");
        if (variant.status !== "ran") continue;
        expect(variant.queries.map((entry) => entry.query)).toEqual(QUERIES.map((entry) => entry.query));
        const expected = await measureInProcess({
          now,
          queries: QUERIES,
          ...SETUPS[variant.search],
          decay: variant.decay,
        });
        const { recallAtK, precisionAtK, mrr } = expected;
        expect(variant.figures, variant.id).toEqual({ recallAtK, precisionAtK, mrr });
        expect(
          variant.queries.map((entry) => [entry.recall, entry.precision, entry.reciprocalRank, entry.missed]),
          variant.id,
        ).toEqual(
          expected.perQuery.map((entry) => [entry.recall, entry.precision, entry.reciprocalRank, entry.missed]),
        );
        expect(
          variant.queries.map((entry) => entry.hits.map((hit) => hit.relevant)),
          variant.id,
        ).toEqual(
          expected.perQuery.map((entry) => entry.hits.map((_, index) => entry.relevantRanks.includes(index + 1))),
        );
      }
    },
    cliTimeout(1),
  );
});
