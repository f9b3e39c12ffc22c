import { describe, expect, it } from "vitest";
import { buildTurnInput, formatCurrentTimeLine } from "../../src/agent/turn-input.js";
import { DEFAULT_HEARTBEAT_PROMPT } from "../../src/prompt/heartbeat-prompt.js";
import { scriptedTurn } from "../support/scenario-turn.js";

const now = Date.parse("2026-03-11T09:30:00Z");

describe("buildTurnInput", () => {
  it("passes user text through unchanged", () => {
    expect(buildTurnInput(scriptedTurn([], { text: "hi" }), { config: {}, now, userTimezone: "UTC" })).toEqual({
      role: "user",
      content: "hi",
      kind: "user",
    });
  });

  it("builds the heartbeat message: default prompt for a blank one, then the Current time line", () => {
    const config = { agents: { defaults: { heartbeat: { prompt: "   " } } } };
    const turn = scriptedTurn([], { kind: "heartbeat", text: "" });
    expect(buildTurnInput(turn, { config, now, userTimezone: "America/New_York" })).toEqual({
      role: "user",
      content: `${DEFAULT_HEARTBEAT_PROMPT}\n\nCurrent time: Wednesday, 2026-03-11 05:30 (America/New_York)`,
      kind: "heartbeat",
    });
  });

  it("prefixes system events with System: once", () => {
    const context = { config: {}, now, userTimezone: "UTC" };
    expect(buildTurnInput(scriptedTurn([], { kind: "system", text: " Daily report due " }), context).content).toBe(
      "System: Daily report due",
    );
    expect(buildTurnInput(scriptedTurn([], { kind: "system", text: "System: already" }), context).content).toBe(
      "System: already",
    );
  });
});

describe("formatCurrentTimeLine", () => {
  it("uses a 24-hour clock across midnight in the zone", () => {
    expect(formatCurrentTimeLine({ now: Date.parse("2026-03-11T16:05:00Z"), userTimezone: "Asia/Shanghai" })).toBe(
      "Current time: Thursday, 2026-03-12 00:05 (Asia/Shanghai)",
    );
  });
});
