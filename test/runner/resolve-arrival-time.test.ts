import { describe, expect, it } from "vitest";
import type { HeartbeatSchedule } from "../../src/domain/index.js";
import { expandHeartbeatSchedule } from "../../src/runner/expand-heartbeat-schedule.js";
import { resolveArrivalTime } from "../../src/runner/resolve-arrival-time.js";

const at = (iso: string) => Date.parse(iso);
const location = { file: "day.yaml", line: 3, column: 1 };

describe("resolveArrivalTime", () => {
  const previous = at("2026-03-11T09:58:30Z");

  it("counts `after` from the previous arrival and keeps `settled` at it", () => {
    expect(resolveArrivalTime({ kind: "after", ms: 120_000 }, previous, "UTC")).toBe(at("2026-03-11T10:00:30Z"));
    expect(resolveArrivalTime({ kind: "after", ms: 0 }, previous, "UTC")).toBe(previous);
    expect(resolveArrivalTime({ kind: "settled" }, previous, "UTC")).toBe(previous);
  });

  it("finds the next wall-clock time in the time zone, the next day when it has passed", () => {
    expect(resolveArrivalTime({ kind: "clock", minuteOfDay: 10 * 60 }, previous, "UTC")).toBe(
      at("2026-03-11T10:00:00Z"),
    );
    expect(resolveArrivalTime({ kind: "clock", minuteOfDay: 9 * 60 }, previous, "UTC")).toBe(
      at("2026-03-12T09:00:00Z"),
    );
    // 18:00 in Shanghai is 10:00 UTC.
    expect(resolveArrivalTime({ kind: "clock", minuteOfDay: 18 * 60 }, previous, "Asia/Shanghai")).toBe(
      at("2026-03-11T10:00:00Z"),
    );
  });

  it("never goes back before the previous arrival for an instant", () => {
    expect(resolveArrivalTime({ kind: "instant", ms: at("2026-03-11T12:00:00Z") }, previous, "UTC")).toBe(
      at("2026-03-11T12:00:00Z"),
    );
    expect(resolveArrivalTime({ kind: "instant", ms: at("2026-03-11T08:00:00Z") }, previous, "UTC")).toBe(previous);
  });
});

describe("expandHeartbeatSchedule", () => {
  const schedule: HeartbeatSchedule = {
    forMs: 86_400_000,
    script: [{ kind: "text", text: "HEARTBEAT_OK" }],
    expect: [],
    overrides: [
      {
        minuteOfDay: 14 * 60,
        script: [{ kind: "text", text: "alert" }],
        expect: [],
        location: { ...location, line: 9 },
      },
    ],
    location,
  };

  it("makes one heartbeat per interval from one interval after the start, numbered after the written turns", () => {
    const turns = expandHeartbeatSchedule({
      schedule,
      startMs: at("2026-03-11T00:00:00+08:00"),
      defaultEveryMs: 30 * 60_000,
      timezone: "Asia/Shanghai",
      firstIndex: 1,
    });
    expect(turns).toHaveLength(48);
    expect(turns[0]).toMatchObject({
      index: 1,
      kind: "heartbeat",
      arrival: { kind: "instant", ms: at("2026-03-11T00:30:00+08:00") },
    });
    expect(turns[47]?.arrival).toEqual({ kind: "instant", ms: at("2026-03-12T00:00:00+08:00") });
    const alerts = turns.filter((turn) => turn.script[0]?.kind === "text" && turn.script[0].text === "alert");
    expect(alerts.map((turn) => turn.arrival)).toEqual([{ kind: "instant", ms: at("2026-03-11T14:00:00+08:00") }]);
    expect(alerts[0]?.location.line).toBe(9);
  });

  it("uses the schedule's own interval over the config's, and makes none when neither is positive", () => {
    const hourly = expandHeartbeatSchedule({
      schedule: { ...schedule, everyMs: 3_600_000 },
      startMs: 0,
      defaultEveryMs: 60_000,
      timezone: "UTC",
      firstIndex: 0,
    });
    expect(hourly).toHaveLength(24);
    expect(
      expandHeartbeatSchedule({ schedule, startMs: 0, defaultEveryMs: 0, timezone: "UTC", firstIndex: 0 }),
    ).toEqual([]);
  });

  it("refuses a schedule over the heartbeat limit, naming the file and line", () => {
    expect(() =>
      expandHeartbeatSchedule({ schedule, startMs: 0, defaultEveryMs: 1_000, timezone: "UTC", firstIndex: 0 }),
    ).toThrow(/day\.yaml:3: heartbeats: 86400 heartbeats .* over the limit of 10000/);
  });
});
