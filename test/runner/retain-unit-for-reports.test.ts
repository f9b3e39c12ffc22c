// Guards what a spooled run keeps of a unit: transcripts and the events no report reads are
// dropped, everything reports, summaries and comparisons read is kept.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/domain/index.js";
import { EVENT_KEPT_AFTER_SPOOLING, retainUnitForReports } from "../../src/runner/retain-unit-for-reports.js";
import { buildTurnResult, buildUnitResult } from "../support/build-results.js";

const base = { runId: "r", sessionKey: "agent:main:main" };

/** Reporter files that read each unit's whole record from the spool, not what the run retains. */
const WHOLE_UNIT_READERS = [
  "html-report-list-script.ts",
  "html-report-unit-script.ts",
  "html-skills-funnel.ts",
  "html-unit-record.ts",
];

describe("retainUnitForReports", () => {
  it("drops the transcripts and the events no report reads, and keeps the rest of the unit", () => {
    const events: AgentEvent[] = [
      { ...base, type: "agent_start", input: "hi", kind: "user" },
      { ...base, type: "prompt_built", systemPrompt: "long prompt", mode: "full" },
      { ...base, type: "message_update", delta: "h" },
      {
        ...base,
        type: "message_end",
        message: { role: "assistant", content: [{ type: "text", text: "hi" }], stopReason: "end_turn" },
      },
      { ...base, type: "turn_start", step: 0 },
    ];
    const unit = buildUnitResult({}, { turns: [buildTurnResult({ events })], sessions: [] });
    const retained = retainUnitForReports(unit);
    expect(retained).not.toHaveProperty("sessions");
    expect(retained.turns[0]!.events.map((event) => event.type)).toEqual(["agent_start", "message_update"]);
    expect({ ...retained, turns: [] }).toEqual({ ...unit, sessions: undefined, turns: [] });
    expect(retained.turns[0]).toEqual({ ...unit.turns[0], events: retained.turns[0]!.events });
    expect(unit.turns[0]!.events).toHaveLength(5);
  });

  it("joins a turn's streamed deltas into one event where the first one was", () => {
    const events: AgentEvent[] = [
      { ...base, type: "agent_start", input: "hi", kind: "heartbeat" },
      { ...base, type: "message_update", delta: "All " },
      { ...base, type: "turn_start", step: 1 },
      { ...base, type: "message_update", delta: "fine. NO_" },
      { ...base, type: "heartbeat", status: "sent" },
      { ...base, type: "message_update", delta: "REPLY" },
    ];
    const unit = buildUnitResult({}, { turns: [buildTurnResult({ events }), buildTurnResult({ events: [] })] });
    expect(retainUnitForReports(unit).turns.map((turn) => turn.events)).toEqual([
      [
        events[0],
        { ...base, type: "message_update", delta: "All fine. NO_REPLY" },
        { ...base, type: "heartbeat", status: "sent" },
      ],
      [],
    ]);
  });

  it("joins streamed deltas per model call and keeps the message_start of each call that released text", () => {
    const other = { ...base, runId: "run-2" };
    const events: AgentEvent[] = [
      { ...base, type: "agent_start", input: "hi", kind: "heartbeat", stream: true },
      { ...base, type: "message_start", role: "assistant" },
      { ...base, type: "turn_start", step: 1 },
      { ...base, type: "message_start", role: "assistant" },
      { ...base, type: "message_update", delta: "Checking: " },
      { ...other, type: "message_start", role: "assistant" },
      { ...other, type: "message_update", delta: "Sub" },
      { ...base, type: "message_update", delta: "NO" },
      { ...base, type: "message_start", role: "assistant" },
      { ...base, type: "message_update", delta: "_REPLY" },
      { ...other, type: "message_update", delta: "task" },
      { ...base, type: "message_update", delta: " here." },
    ];
    const unit = buildUnitResult({}, { turns: [buildTurnResult({ events })] });
    expect(retainUnitForReports(unit).turns[0]!.events).toEqual([
      events[0],
      { ...base, type: "message_start", role: "assistant" },
      { ...base, type: "message_update", delta: "Checking: NO" },
      { ...other, type: "message_start", role: "assistant" },
      { ...other, type: "message_update", delta: "Subtask" },
      { ...base, type: "message_start", role: "assistant" },
      { ...base, type: "message_update", delta: "_REPLY here." },
    ]);
    expect(events[4]).toEqual({ ...base, type: "message_update", delta: "Checking: " });
  });

  it("keeps every event type that code reading finished runs compares against", () => {
    // The reports, the statistics and the comparisons built from a finished run. (The run
    // summary is tallied from whole units, before they are retained.)
    const root = join(import.meta.dirname, "../../src");
    const readers = [
      ...readdirSync(join(root, "reporters")).map((name) => join(root, "reporters", name)),
      ...readdirSync(join(root, "stats")).map((name) => join(root, "stats", name)),
      ...["build-comparison.ts", "build-compliance-measures.ts"].map((name) => join(root, "runner", name)),
    ]
      .filter((path) => path.endsWith(".ts"))
      // These read each unit whole, as the HTML report reads it back from the results spool.
      .filter((path) => !WHOLE_UNIT_READERS.some((name) => path.endsWith(name)));
    const types = new Set(Object.keys(EVENT_KEPT_AFTER_SPOOLING));
    const read = new Set<string>();
    for (const path of readers) {
      for (const match of readFileSync(path, "utf8").matchAll(/\.type\s*[!=]==\s*"([a-z_]+)"/g)) {
        if (types.has(match[1]!)) read.add(match[1]!);
      }
    }
    expect(read.size).toBeGreaterThanOrEqual(3);
    for (const type of read)
      expect([type, EVENT_KEPT_AFTER_SPOOLING[type as AgentEvent["type"]]]).toEqual([type, true]);
  });
});
