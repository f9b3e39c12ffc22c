import { type ConfigNode, configNode } from "./config-node.js";

const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

const DURATION = /^\s*\d+(\.\d+)?\s*(ms|s|m|h|d)?\s*$/i;
const CLOCK_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

function isTimeZone(value: unknown): boolean {
  if (typeof value !== "string" || value.trim() === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value.trim() });
    return true;
  } catch (error) {
    // Intl reports an unknown zone only by throwing a RangeError; anything else is a real failure.
    if (error instanceof RangeError) return false;
    throw error;
  }
}

const defaultApplies = (value: unknown) => `the default ${String(value)} applies`;

/** Leaf nodes for the key tree; each names the fallback the specs give an invalid value. */
export const configValueChecks = {
  /** A positive finite number; floats are fine (readers floor them). */
  positiveNumber: (fallback: number | string): ConfigNode =>
    configNode.value({
      expected: "a positive number",
      fallback: defaultApplies(fallback),
      accepts: (value) => isFiniteNumber(value) && value > 0,
    }),
  nonNegativeNumber: (fallback: number | string): ConfigNode =>
    configNode.value({
      expected: "a number of 0 or more",
      fallback: defaultApplies(fallback),
      accepts: (value) => isFiniteNumber(value) && value >= 0,
    }),
  /** Any finite number; out-of-range values are clamped silently by the readers. */
  number: (fallback: number | string): ConfigNode =>
    configNode.value({ expected: "a number", fallback: defaultApplies(fallback), accepts: isFiniteNumber }),
  /** A count the runtime uses as given whenever it is set (skills.md §1.4), so it is kept. */
  limit: (): ConfigNode =>
    configNode.value({
      expected: "a number of 0 or more",
      fallback: "the value is used as given",
      accepts: (value) => isFiniteNumber(value) && value >= 0,
      keep: true,
    }),
  boolean: (fallback: boolean | string): ConfigNode =>
    configNode.value({
      expected: "true or false",
      fallback: defaultApplies(fallback),
      accepts: (value) => typeof value === "boolean",
    }),
  text: (fallback = "the value is ignored"): ConfigNode =>
    configNode.value({ expected: "a string", fallback, accepts: (value) => typeof value === "string" }),
  oneOf: (choices: readonly string[], fallback: string): ConfigNode =>
    configNode.value({
      expected: `one of ${choices.join(", ")}`,
      fallback,
      accepts: (value) => typeof value === "string" && choices.includes(value),
      choices,
    }),
  /** `30m`, `1h`, `90s` or a number (default unit minutes). */
  duration: (fallback: string, keep = false): ConfigNode =>
    configNode.value({
      expected: "a duration such as 30m, 1h or a number of minutes",
      fallback,
      accepts: (value) => (isFiniteNumber(value) && value >= 0) || (typeof value === "string" && DURATION.test(value)),
      keep,
    }),
  /** `HH:MM` (or `24:00`); invalid makes the window always active (loop.md §5.3), so it is kept. */
  clockTime: (): ConfigNode =>
    configNode.value({
      expected: "a time HH:MM",
      fallback: "the active window is treated as always active",
      accepts: (value) => typeof value === "string" && CLOCK_TIME.test(value),
      keep: true,
    }),
  timeZone: (fallback: string): ConfigNode =>
    configNode.value({ expected: "an IANA time zone, e.g. Asia/Shanghai", fallback, accepts: isTimeZone }),
  /** A list of strings; other entries are ignored. */
  textList: (what = "a string"): ConfigNode =>
    configNode.list(
      configNode.value({
        expected: what,
        fallback: "the entry is ignored",
        accepts: (value) => typeof value === "string",
      }),
    ),
};
