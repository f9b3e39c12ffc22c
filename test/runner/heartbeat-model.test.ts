// `agents.defaults.heartbeat.model` (spec/loop.md §5.1): heartbeats run on that model, every
// other run keeps the session's.
import { describe, expect, it } from "vitest";
import { planOneUnit, runPlannedUnit } from "../support/plan-one-unit.js";
import { makeTempDir } from "../support/run-cli.js";

async function run(heartbeatModel: string | undefined) {
  const dir = makeTempDir();
  const model = heartbeatModel === undefined ? [] : [`        model: "${heartbeatModel}"`];
  const unit = await planOneUnit(dir, [
    "name: heartbeat model",
    "config:",
    "  agents:",
    "    defaults:",
    "      heartbeat:",
    "        every: 30m",
    ...model,
    "turns:",
    "  - user: hello",
    "    script: [ { text: scripted hello } ]",
    "  - heartbeat: true",
    "    script: [ { text: HEARTBEAT_OK } ]",
  ]);
  return runPlannedUnit(unit, dir);
}

describe("heartbeat.model", () => {
  it("runs heartbeats on the configured model and user turns on the session's", async () => {
    const result = await run("scripted:echo");
    const [user, heartbeat] = result.turns;
    expect(user?.reply).toBe("scripted hello");
    // The echo model answers with the heartbeat prompt itself, not the turn's script.
    expect(heartbeat?.reply).toContain("HEARTBEAT.md");
    expect(heartbeat?.reply).not.toBe("HEARTBEAT_OK");
  });

  it("keeps the session's model without the key", async () => {
    const result = await run(undefined);
    expect(result.turns[1]?.reply).toBe("HEARTBEAT_OK");
  });
});
