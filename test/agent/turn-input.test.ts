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

  it("puts a system event first as a stamped System: line, then the heartbeat prompt and the time", () => {
    const context = { config: {}, now, userTimezone: "Asia/Shanghai" };
    expect(buildTurnInput(scriptedTurn([], { kind: "system", text: " Daily report due " }), context)).toEqual({
      role: "user",
      content:
        "System: [2026-03-11 17:30:00 GMT+8] Daily report due\n\n" +
        `${DEFAULT_HEARTBEAT_PROMPT}\n\nCurrent time: Wednesday, 2026-03-11 17:30 (Asia/Shanghai)`,
      kind: "system",
    });
    const prefixed = buildTurnInput(scriptedTurn([], { kind: "system", text: "System: already" }), context);
    expect(prefixed.content.startsWith("System: already\n\n")).toBe(true);
  });

  it("asks to relay a cron reminder and to report a finished command", () => {
    const context = { config: {}, now, userTimezone: "UTC" };
    const cron = scriptedTurn([], { kind: "system", text: "Water the plants", wakeReason: "cron:plants" });
    expect(buildTurnInput(cron, context).content).toBe(
      "System: [2026-03-11 09:30:00 UTC] Water the plants\n\n" +
        "A scheduled reminder has been triggered. The reminder content is:\n\nWater the plants\n\n" +
        "Please relay this reminder to the user in a helpful and friendly way.\n\n" +
        "Current time: Wednesday, 2026-03-11 09:30 (UTC)",
    );
    const exec = scriptedTurn([], { kind: "system", text: "Exec finished (exit 0)", wakeReason: "exec-event" });
    expect(buildTurnInput(exec, context).content).toMatch(
      /^System: \[2026-03-11 09:30:00 UTC\] Exec finished \(exit 0\)\n\nAn async command you ran earlier has completed\./,
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
