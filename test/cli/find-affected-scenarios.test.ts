import { describe, expect, it } from "vitest";
import { findAffectedScenarios, type ScenarioDependencies } from "../../src/cli/find-affected-scenarios.js";
import { listScenarioDependencies } from "../../src/cli/list-scenario-dependencies.js";
import type { Scenario } from "../../src/domain/index.js";

const DEPENDENCIES: ScenarioDependencies[] = [
  { scenarioId: "a", files: ["/p/scenarios/a.yaml", "/p/golden/a.md"], folders: ["/p/fixtures/ws"] },
  { scenarioId: "b#1", files: ["/p/scenarios/b.yaml", "/p/scenarios/b.jsonl", "/p/hooks/h.mjs"], folders: [] },
  { scenarioId: "b#2", files: ["/p/scenarios/b.yaml", "/p/scenarios/b.jsonl", "/p/hooks/h.mjs"], folders: [] },
  { scenarioId: "c", files: ["/p/scenarios/c.yaml", "/p/hooks/h.mjs"], folders: ["/p/fixtures/ws2"] },
];

function affected(...changed: string[]): string[] {
  return findAffectedScenarios({ dependencies: DEPENDENCIES, changed });
}

describe("findAffectedScenarios", () => {
  it("finds the scenarios reading a changed scenario, cases, hook or golden file", () => {
    expect(affected("/p/scenarios/a.yaml")).toEqual(["a"]);
    expect(affected("/p/scenarios/b.jsonl")).toEqual(["b#1", "b#2"]);
    expect(affected("/p/hooks/h.mjs")).toEqual(["b#1", "b#2", "c"]);
    expect(affected("/p/golden/a.md", "/p/scenarios/c.yaml")).toEqual(["a", "c"]);
  });

  it("finds the scenarios whose workspace holds a changed file, at any depth, and not a sibling folder", () => {
    expect(affected("/p/fixtures/ws/AGENTS.md")).toEqual(["a"]);
    expect(affected("/p/fixtures/ws2/skills/x/SKILL.md")).toEqual(["c"]);
    expect(affected("/p/fixtures/ws3/AGENTS.md")).toEqual([]);
  });

  it("finds none for a file no scenario reads", () => {
    expect(affected("/p/README.md", "/p/scenarios/d.txt")).toEqual([]);
  });
});

describe("listScenarioDependencies", () => {
  it("lists the scenario file, cases file, hooks, check modules, session, golden files and folders", () => {
    const scenario = {
      id: "s#1",
      file: "/p/s.yaml",
      hooks: ["/p/h.mjs"],
      session: "/p/session.jsonl",
      workspace: "/p/ws",
      golden: { systemPrompt: "/p/golden/s.md" },
      turns: [
        {
          expect: [
            { type: "custom", module: "/p/check.mjs", exportName: "default" },
            { type: "prompt-golden", file: "/p/golden/s-2.md" },
          ],
        },
      ],
    } as unknown as Scenario;
    expect(listScenarioDependencies(scenario, "/p/cases.jsonl")).toEqual({
      scenarioId: "s#1",
      files: [
        "/p/s.yaml",
        "/p/cases.jsonl",
        "/p/h.mjs",
        "/p/check.mjs",
        "/p/session.jsonl",
        "/p/golden/s.md",
        "/p/golden/s-2.md",
      ],
      folders: ["/p/ws"],
    });
  });
});
