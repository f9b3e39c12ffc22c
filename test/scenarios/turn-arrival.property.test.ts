import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseClockTime, parseScenarioDurationMs, parseTurnArrival } from "../../src/scenarios/parse-turn-arrival.js";
import { MAX_SCENARIO_DURATION_MS } from "../../src/scenarios/scenario-limits.js";
import { scenarioFileSchema } from "../../src/scenarios/scenario-schema.js";
import { arrivalText, durationText } from "../../src/scenarios/time-schema.js";
import { assertProperty } from "../support/assert-property.js";

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const unit = fc.constantFrom(...(Object.keys(UNIT_MS) as (keyof typeof UNIT_MS)[]));
const pad = (value: number) => String(value).padStart(2, "0");

describe("scenario time values", () => {
  it("a whole number with any unit reads as that many milliseconds, as a duration and after a +", () => {
    assertProperty(
      fc.property(fc.integer({ min: 0, max: 100_000 }), unit, fc.boolean(), (count, name, upper) => {
        const written = `${count}${upper ? name.toUpperCase() : name}`;
        const ms = count * UNIT_MS[name];
        expect(parseScenarioDurationMs(written)).toBe(ms);
        expect(parseTurnArrival(`+${written}`)).toEqual({ kind: "after", ms });
      }),
    );
  });

  it("a bare number is never a scenario duration (the unit is required)", () => {
    assertProperty(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (count) => {
        expect(parseScenarioDurationMs(String(count))).toBeUndefined();
        expect(parseTurnArrival(`+${count}`)).toBeUndefined();
      }),
    );
  });

  it("every HH:MM of a day reads as its minute of day, both as at and as a clock time", () => {
    assertProperty(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (hour, minute) => {
        const written = `${pad(hour)}:${pad(minute)}`;
        expect(parseClockTime(written)).toBe(hour * 60 + minute);
        expect(parseTurnArrival(written)).toEqual({ kind: "clock", minuteOfDay: hour * 60 + minute });
      }),
    );
  });

  it("the schema accepts a duration exactly when it is within the bound (and positive where required)", () => {
    const anyDuration = durationText({ positive: false, example: "2m" });
    const positive = durationText({ positive: true, example: "30m" });
    const arrival = arrivalText();
    assertProperty(
      fc.property(fc.integer({ min: 0, max: 2 * MAX_SCENARIO_DURATION_MS }), (ms) => {
        const within = ms <= MAX_SCENARIO_DURATION_MS;
        expect(anyDuration.safeParse(`${ms}ms`).success).toBe(within);
        expect(positive.safeParse(`${ms}ms`).success).toBe(within && ms > 0);
        expect(arrival.safeParse(`+${ms}ms`).success).toBe(within);
      }),
    );
  });

  it("an ISO instant reads as its epoch milliseconds whatever its offset", () => {
    assertProperty(
      fc.property(
        fc.integer({ min: Date.parse("2000-01-01T00:00:00Z"), max: Date.parse("2099-12-31T00:00:00Z") }),
        fc.integer({ min: -12, max: 14 }),
        (ms, offsetHours) => {
          const seconds = Math.floor(ms / 1000) * 1000;
          const local = new Date(seconds + offsetHours * 3_600_000).toISOString().slice(0, 19);
          const sign = offsetHours < 0 ? "-" : "+";
          const written = `${local}${sign}${pad(Math.abs(offsetHours))}:00`;
          expect(parseTurnArrival(written)).toEqual({ kind: "instant", ms: seconds });
        },
      ),
    );
  });
});

describe("scenario schema on arbitrary time and origin values", () => {
  it("never throws, whatever at, during, from, takes and heartbeats hold", () => {
    const value = fc.oneof(
      fc.anything(),
      fc.constantFrom("+5m", "09:30", "previous", "2026-03-11T08:00:00Z", "30m", "1d", "group", "owner"),
      fc.record({ chat: fc.constantFrom("direct", "group", "channel", 3), id: fc.anything(), owner: fc.anything() }),
      fc.record({ every: fc.anything(), for: fc.anything(), overrides: fc.array(fc.record({ at: fc.anything() })) }),
    );
    assertProperty(
      fc.property(value, value, value, value, value, value, (at, during, from, takes, heartbeats, turnFrom) => {
        const file = {
          name: "x",
          clock: "2026-03-11T09:00:00Z",
          from,
          heartbeats,
          turns: [
            { user: "a", at, from: turnFrom },
            { user: "b", during, script: [{ text: "t", takes }] },
          ],
        };
        const parsed = scenarioFileSchema.safeParse(file);
        if (!parsed.success) expect(parsed.error.issues.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
