import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { normaliseScenario } from "../../src/scenarios/normalise-scenario.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

function parse(text: string) {
  return parseScenarioText({ text: `name: wake\nturns:\n${text}\n`, file: "s.yaml" });
}

function turnsOf(text: string) {
  const parsed = parse(text);
  if (!parsed.ok) throw new Error(parsed.diagnostics.map(formatDiagnostic).join("\n"));
  const result = normaliseScenario({
    scenarioFile: parsed.value,
    path: "/scenarios/s.yaml",
    displayPath: "s.yaml",
    fileId: "s",
    locate: parsed.locate,
  });
  if ("diagnostics" in result) throw new Error(result.diagnostics.map(formatDiagnostic).join("\n"));
  return result.scenario.turns.map(({ kind, wakeReason }) => ({ kind, wakeReason }));
}

describe("heartbeat wake reasons in scenario files", () => {
  it("keeps heartbeat: true (no reason) and carries { reason } onto the normalised turn", () => {
    const text = [
      "  - heartbeat: true",
      "  - heartbeat: { reason: exec-event }",
      "  - heartbeat: { reason: 'cron:daily-stock' }",
      "  - heartbeat: { reason: manual }",
    ].join("\n");
    expect(turnsOf(text)).toEqual([
      { kind: "heartbeat", wakeReason: undefined },
      { kind: "heartbeat", wakeReason: "exec-event" },
      { kind: "heartbeat", wakeReason: "cron:daily-stock" },
      { kind: "heartbeat", wakeReason: "manual" },
    ]);
  });

  it("rejects an unknown reason, an empty cron job id and unknown keys with diagnostics", () => {
    const parsed = parse(
      [
        "  - heartbeat: { reason: timer }",
        "  - heartbeat: { reason: 'cron:' }",
        "  - heartbeat: { reson: manual }",
      ].join("\n"),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const messages = parsed.diagnostics.map(formatDiagnostic);
    expect(messages[0]).toContain(
      "turns[0].heartbeat.reason: expected one of interval, manual, exec-event, wake or cron:<jobId>",
    );
    expect(messages[1]).toContain(
      "turns[1].heartbeat.reason: expected one of interval, manual, exec-event, wake or cron:<jobId>",
    );
    expect(messages[2]).toContain(
      'turns[2].heartbeat: expected a heartbeat key, found key "reson" (did you mean reason?)',
    );
    expect(messages).toHaveLength(3);
  });
});
