import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEvent, RunResult } from "../../src/domain/index.js";
import { cliTimeout, makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

function readResults(out: string): RunResult {
  const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
  expect(runs).toHaveLength(1);
  return JSON.parse(readFileSync(join(out, runs[0] ?? "", "results.json"), "utf8")) as RunResult;
}

const eventsOf = (result: RunResult): AgentEvent[] =>
  result.units.flatMap((unit) => unit.turns.flatMap((turn) => turn.events));

describe("long sessions through the real binary", () => {
  it(
    "runs the shipped context scenarios green and records compactions, audits and transcripts",
    async () => {
      const out = makeTempDir();
      const run = await runCliProcess(["run", "scenarios/context", "--out", out], { cwd: PROJECT_ROOT });
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const result = readResults(out);
      const events = eventsOf(result);
      const ends = events.filter((event) => event.type === "compaction_end");
      expect(new Set(ends.map((event) => event.trigger))).toEqual(new Set(["threshold", "overflow", "manual"]));
      expect(ends.some((event) => event.reason === "Compaction timed out" && !event.compacted)).toBe(true);
      expect(events.some((event) => event.type === "compaction_audit" && event.preservationRate === 1)).toBe(true);
      expect(events.some((event) => event.type === "context_pruned" && event.mechanism === "soft-trim")).toBe(true);
      expect(events.some((event) => event.type === "memory_flush")).toBe(true);
      expect(result.units.every((unit) => (unit.sessions?.[0]?.entries.length ?? 0) > 0)).toBe(true);
      expect(run.stdout).toMatch(/Preservation/);
      expect(
        readFileSync(
          join(out, readdirSync(out).find((entry) => !entry.startsWith("history")) ?? "", "summary.md"),
          "utf8",
        ),
      ).toMatch(/## Compactions/);
    },
    cliTimeout(1),
  );

  it(
    "fails a unit whose summary lost identifiers, naming them by class (exit 1)",
    async () => {
      const out = makeTempDir();
      const run = await runCliProcess(["run", "test/fixtures/context/loses-identifiers.yaml", "--out", out], {
        cwd: PROJECT_ROOT,
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /compaction: expected a compaction \(trigger threshold\) with identifiers preserved ≥ 0\.95/,
      );
      expect(run.stdout).toMatch(/lost (uuid|url|path|quoted|hex)/);
      const audit = eventsOf(readResults(out)).find((event) => event.type === "compaction_audit");
      expect(audit?.type === "compaction_audit" && audit.preservationRate).toBeLessThan(0.95);
    },
    cliTimeout(1),
  );

  it(
    "compares summarisers on identifier preservation with a paired test",
    async () => {
      const out = makeTempDir();
      const run = await runCliProcess(
        [
          "compare",
          "scenarios/context/threshold-keeps-identifiers.yaml",
          "-m",
          "simulated:keeps?keepIds=1",
          "-m",
          "simulated:drops?keepIds=0.5&seed=3",
          "--repeat",
          "3",
          "--out",
          out,
        ],
        { cwd: PROJECT_ROOT },
      );
      expect(run.code).toBe(1);
      const comparison = readResults(out).comparison;
      const [keeps, drops] = comparison?.models ?? [];
      expect(keeps?.compaction?.preservation.mean).toBe(1);
      expect(drops?.compaction?.preservation.mean).toBeLessThan(0.8);
      expect(drops?.compaction?.units).toBe(3);
      expect(comparison?.compactionPairs?.[0]).toMatchObject({ a: "simulated:keeps?keepIds=1", n: 3 });
    },
    cliTimeout(1),
  );

  it(
    "refuses a corrupt session transcript with its file and line",
    async () => {
      const out = makeTempDir();
      const run = await runCliProcess(["run", "test/fixtures/context/bad-session.yaml", "--out", out], {
        cwd: PROJECT_ROOT,
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/corrupt-session\.jsonl:2:\d+/);
      expect(run.stdout).toMatch(/corrupt-session\.jsonl:3:\d+/);
    },
    cliTimeout(1),
  );
});
