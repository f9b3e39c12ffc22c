import { describe, expect, it } from "vitest";
import { isWithinActiveHours } from "../../src/agent/is-within-active-hours.js";

const at = (clock: string) => {
  const [hours, minutes] = clock.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

describe("isWithinActiveHours", () => {
  it.each([
    ["23:00", true],
    ["05:30", true],
    ["12:00", false],
    ["22:00", true],
    ["06:00", false],
  ])("22:00–06:00 at %s ⇒ %s", (now, expected) => {
    expect(isWithinActiveHours({ start: "22:00", end: "06:00", nowMinutes: at(now) })).toBe(expected);
  });

  it.each([
    ["07:00", false],
    ["08:00", true],
    ["23:59", true],
    ["00:00", false],
  ])("08:00–24:00 at %s ⇒ %s", (now, expected) => {
    expect(isWithinActiveHours({ start: "08:00", end: "24:00", nowMinutes: at(now) })).toBe(expected);
  });

  it.each([
    [{ start: "bad", end: "06:00" }],
    [{ start: "08:00", end: "25:00" }],
    [{ start: "24:00", end: "06:00" }],
    [{ start: "08:60", end: "10:00" }],
    [{ start: "08:00", end: "24:30" }],
    [{ start: undefined, end: undefined }],
  ])("invalid window %j is always active", (window) => {
    expect(isWithinActiveHours({ ...window, nowMinutes: at("12:00") })).toBe(true);
    expect(isWithinActiveHours({ ...window, nowMinutes: at("03:00") })).toBe(true);
  });

  it("start = end is never active", () => {
    for (const now of ["00:00", "09:00", "09:01", "23:59"]) {
      expect(isWithinActiveHours({ start: "09:00", end: "09:00", nowMinutes: at(now) })).toBe(false);
    }
  });
});
