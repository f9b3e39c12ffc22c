import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEventOf, RunResult } from "../../src/domain/index.js";
import { makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

type SkillsSnapshotEvent = AgentEventOf<"skills_snapshot">;

function onlyResult(out: string): RunResult {
  const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
  expect(runs).toHaveLength(1);
  return JSON.parse(readFileSync(join(out, runs[0] ?? "", "results.json"), "utf8")) as RunResult;
}

/** The skills snapshot event of each turn of a unit. */
function snapshots(result: RunResult, unitId: string): SkillsSnapshotEvent[] {
  const unit = result.units.find((candidate) => candidate.unitId === unitId);
  expect(unit, unitId).toBeDefined();
  return (unit?.turns ?? []).map((turn) => {
    const events = turn.events.filter((event): event is SkillsSnapshotEvent => event.type === "skills_snapshot");
    expect(events).toHaveLength(1);
    return events[0] as SkillsSnapshotEvent;
  });
}

describe("the skills scenarios (real binary)", () => {
  it("pass, and record the funnel and the snapshot reuse of every turn", async () => {
    const out = makeTempDir();
    const run = await runCliProcess(["run", "scenarios/skills", "--reporter", "json", "--out", out], {
      cwd: PROJECT_ROOT,
      env: { CI: "true" },
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const result = onlyResult(out);
    expect(result.units.map((unit) => [unit.unitId, unit.status])).toEqual([
      ["budget-char-limit@scripted~1", "passed"],
      ["budget-truncation@scripted~1", "passed"],
      ["catalog-eligibility@scripted~1", "passed"],
      ["env-and-config@scripted~1", "passed"],
      ["pick-skill#commit@scripted~1", "passed"],
      ["pick-skill#weather@scripted~1", "passed"],
      ["pick-skill#meeting@scripted~1", "passed"],
      ["pick-skill#todo@scripted~1", "passed"],
      ["watch-disabled@scripted~1", "passed"],
      ["watch-new-skill@scripted~1", "passed"],
    ]);

    const [catalog] = snapshots(result, "catalog-eligibility@scripted~1");
    expect(catalog).toMatchObject({
      reused: false,
      eligible: ["todo-triage", "git-helper", "meeting-notes", "release-notes"],
      included: ["todo-triage", "git-helper", "meeting-notes"],
      dropped: [{ name: "release-notes", reason: "disable-model-invocation" }],
      truncated: false,
    });

    const [budget] = snapshots(result, "budget-truncation@scripted~1");
    expect(budget?.included).toEqual(["todo-triage"]);
    expect(budget?.truncated).toBe(true);

    // watch on: the write bumps the version between turns, so turn 2 rebuilds and sees new-helper
    const [watchOne, watchTwo] = snapshots(result, "watch-new-skill@scripted~1");
    expect(watchOne?.included).not.toContain("new-helper");
    expect(watchTwo?.reused).toBe(false);
    expect(watchTwo?.version).toBeGreaterThan(watchOne?.version ?? Number.POSITIVE_INFINITY);
    expect(watchTwo?.included).toEqual(["todo-triage", "git-helper", "meeting-notes", "new-helper"]);

    // watch off: turn 2 reuses turn 1's snapshot although the file exists
    const [offOne, offTwo] = snapshots(result, "watch-disabled@scripted~1");
    expect(offTwo?.reused).toBe(true);
    expect(offTwo?.version).toBe(offOne?.version);
    expect(offTwo?.included).toEqual(offOne?.included);
    expect(offTwo?.included).not.toContain("new-helper");
  });

  it("fails a skills expectation the snapshot contradicts, naming why the skill is absent", async () => {
    const dir = makeTempDir();
    const workspace = join(PROJECT_ROOT, "fixtures/workspaces/skills-demo");
    writeFileSync(
      join(dir, "wrong.yaml"),
      [
        "name: expects skills the run cannot have",
        `workspace: ${JSON.stringify(workspace)}`,
        "config: { skills: { load: { watch: false } } }",
        "turns:",
        "  - user: save a skill",
        "    script:",
        "      - tool: write",
        '        input: { path: skills/new-helper/SKILL.md, content: "---\\ndescription: new\\n---\\n" }',
        "      - text: saved",
        "  - user: use it",
        "    script: [ { text: ok } ]",
        "    expect:",
        "      - skills-included: [new-helper, weather]",
        "      - skills-excluded: { name: git-helper, reason: missing-env }",
        "      - skills-truncated: true",
      ].join("\n"),
    );
    const out = makeTempDir();
    const run = await runCliProcess(["run", "wrong.yaml", "--reporter", "json", "--out", out], {
      cwd: dir,
      env: { CI: "true" },
    });
    expect(run.code).toBe(1);
    const result = onlyResult(out);
    const failures = (result.units[0]?.turns[1]?.expectations ?? [])
      .filter((expectation) => !expectation.pass)
      .map((expectation) => [expectation.type, expectation.message]);
    expect(failures).toEqual([
      ["skills-included", "skills not in the catalog: new-helper (not discovered), weather (missing-env)"],
      ["skills-excluded", "git-helper is absent for missing-bins, not missing-env"],
      ["skills-truncated", "the skills catalog was not truncated"],
    ]);
  });
});
