import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { UnitResult } from "../../src/domain/index.js";
import { planOneUnit, runPlannedUnit } from "../support/plan-one-unit.js";
import { makeTempDir, PROJECT_ROOT } from "../support/run-cli.js";

const SCENARIO = [
  "name: streamed",
  "turns:",
  "  - user: anything for me?",
  "    script: [ { text: NO_REPLY } ]",
  "    expect:",
  "      - reply-silent: true",
  "      - stream-clean: true",
  "  - user: file the report",
  '    script: [ { text: "Filed.\\n\\nNO_REPLY" } ]',
  "    expect:",
  "      - stream-clean: false",
];

const results = (unit: UnitResult) =>
  unit.turns.map((turn) => turn.expectations.map(({ type, pass }) => `${type} ${pass ? "pass" : "fail"}`));

describe("runUnit with a streaming scenario", () => {
  it("streams through the guard: a silent reply stays hidden, an appended token leaks", async () => {
    const dir = makeTempDir();
    const unit = await planOneUnit(dir, ["stream: true", ...SCENARIO]);
    const result = await runPlannedUnit(unit, dir);
    expect(results(result)).toEqual([["reply-silent pass", "stream-clean pass"], ["stream-clean pass"]]);
    const streamed = result.turns.map((turn) =>
      turn.events.flatMap((event) => (event.type === "message_update" ? [event.delta] : [])).join(""),
    );
    expect(streamed).toEqual(["", "Filed.\n\nNO_REPLY"]);
    expect(result.status).toBe("passed");
  });

  it("streams when the run asks for it (as --stream does), and fails stream-clean when nothing streams", async () => {
    const dir = makeTempDir();
    const unit = await planOneUnit(dir, SCENARIO);
    expect(unit.scenario.stream).toBe(false);
    expect(results(await runPlannedUnit(unit, dir))).toEqual([
      ["reply-silent pass", "stream-clean fail"],
      ["stream-clean fail"],
    ]);
    const forced = await runPlannedUnit({ ...unit, scenario: { ...unit.scenario, stream: true } }, dir);
    expect(forced.status).toBe("passed");
  });

  it("does not stream the memory flush run, which delivers nothing", async () => {
    const dir = makeTempDir();
    const unit = await planOneUnit(dir, [
      "name: flush then answer",
      "stream: true",
      `workspace: ${join(PROJECT_ROOT, "fixtures/workspaces/personal")}`,
      `session: ${join(PROJECT_ROOT, "fixtures/sessions/long-debugging.jsonl")}`,
      "contextWindow: 60000",
      "config:",
      "  agents:",
      "    defaults:",
      "      compaction: { reserveTokens: 4000, reserveTokensFloor: 0, memoryFlush: { softThresholdTokens: 20000 } }",
      "turns:",
      "  - user: Thanks, let's pick this up tomorrow.",
      "    script:",
      "      - text: Stored the deploy notes.",
      "      - text: Sounds good.",
    ]);
    const result = await runPlannedUnit(unit, dir);
    const events = result.turns[0]?.events ?? [];
    expect(events.some((event) => event.type === "memory_flush")).toBe(true);
    const streamed = events.flatMap((event) => (event.type === "message_update" ? [event.delta] : []));
    expect(streamed.join("")).toBe("Sounds good.");
  });
});
