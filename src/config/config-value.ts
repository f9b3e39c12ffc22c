import { z } from "zod";
import { checkPathText, PATH_TEXT_EXPECTED } from "./check-path-text.js";
import { fallbackOf, configLeaf as leaf, type Presence } from "./config-leaf.js";
import type { ConfigKey } from "./config-node.js";
import { configStructure } from "./config-structure.js";
import { isValidTimeZone } from "./is-valid-time-zone.js";
import { isConfigDuration, parseDurationMs } from "./parse-duration-ms.js";

const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const CLOCK_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const isUsablePath = (value: unknown): value is string =>
  typeof value === "string" && checkPathText(value) === undefined;

/** Options of the numeric leaves: `integer` floors the value, `min`/`max` clamp it (silently). */
type NumberOptions = { integer?: boolean; min?: number; max?: number; fallback?: string };

function numeric(check: (value: number) => boolean, options: NumberOptions): z.ZodType<number, number> {
  return z
    .number()
    .refine((value) => Number.isFinite(value) && check(value))
    .transform((value) => {
      const whole = options.integer === true ? Math.floor(value) : value;
      return Math.min(
        options.max ?? Number.POSITIVE_INFINITY,
        Math.max(options.min ?? Number.NEGATIVE_INFINITY, whole),
      );
    });
}

/** Leaf builders of the openclaw.json schema; each names the fallback the specs give an invalid value. */
export const configValue = {
  /** A positive finite number. */
  positive: <P extends Presence<number>>(presence: P & NumberOptions) =>
    leaf({ expected: "a positive number", parse: numeric((v) => v > 0, presence), ...fallbackOf(presence) }, presence),
  /** A finite number ≥ 0. */
  nonNegative: <P extends Presence<number>>(presence: P & NumberOptions) =>
    leaf(
      { expected: "a number of 0 or more", parse: numeric((v) => v >= 0, presence), ...fallbackOf(presence) },
      presence,
    ),
  /** Any finite number; `min`/`max` clamp it silently, as the specs say. */
  number: <P extends Presence<number>>(presence: P & NumberOptions) =>
    leaf({ expected: "a number", parse: numeric(() => true, presence), ...fallbackOf(presence) }, presence),
  /** A count used as given whenever it is a number (skills.md §1.4), so a negative one is kept with a warning. */
  limit: (presence: { default: number }) =>
    leaf(
      {
        expected: "a number of 0 or more",
        parse: z.number(),
        accepts: (value) => isFiniteNumber(value) && value >= 0,
        fallback: "the value is used as given",
        keep: true,
      },
      presence,
    ),
  boolean: <P extends Presence<boolean>>(presence: P & { fallback?: string }) =>
    leaf({ expected: "true or false", parse: z.boolean(), ...fallbackOf(presence) }, presence),
  /** A string, trimmed (unless `trim: false`); a blank string counts as absent. */
  text: <P extends Presence<string>>(presence: P & { fallback?: string; trim?: boolean }) =>
    leaf(
      {
        expected: "a string",
        parse: presence.trim === false ? z.string() : z.string().trim().min(1),
        accepts: (value) => typeof value === "string",
        ...fallbackOf(presence),
      },
      presence,
    ),
  /**
   * A file or folder path, trimmed; a blank string counts as absent. A path the file system would
   * refuse (`checkPathText`: NUL bytes, too long) is invalid, so no reader ever receives one.
   */
  path: <P extends Presence<string>>(presence: P & { fallback?: string }) =>
    leaf(
      {
        expected: PATH_TEXT_EXPECTED,
        parse: z.string().trim().min(1).refine(isUsablePath),
        accepts: isUsablePath,
        ...fallbackOf(presence),
      },
      presence,
    ),
  oneOf: <const C extends string, P extends Presence<C>>(choices: readonly C[], presence: P & { fallback?: string }) =>
    leaf(
      {
        expected: `one of ${choices.join(", ")}`,
        parse: z.enum(choices as [C, ...C[]]),
        choices,
        ...fallbackOf(presence),
      },
      presence,
    ),
  /**
   * A duration (`30m`, `1h`, `90s` or a number of minutes), resolved to milliseconds. `written`
   * is the default as written (or `optional` says what absence means); `disablesWhenInvalid` makes
   * an invalid value resolve to 0 and keeps it in the checked config (`heartbeat.every`).
   */
  duration: <P extends { written: string; disablesWhenInvalid?: string } | { optional: string; fallback: string }>(
    options: P,
  ) =>
    leaf(
      {
        expected: "a duration such as 30m, 1h or a number of minutes",
        parse: z.custom<number | string>(isConfigDuration).transform((value) => parseDurationMs(value) ?? 0),
        ...("optional" in options
          ? { fallback: options.fallback }
          : options.disablesWhenInvalid === undefined
            ? { fallback: `the default ${options.written} applies` }
            : { fallback: options.disablesWhenInvalid, invalid: { value: 0 }, keep: true }),
      },
      ("optional" in options
        ? { optional: options.optional }
        : { default: parseDurationMs(options.written) ?? 0 }) as P extends {
        written: string;
      }
        ? { default: number }
        : { optional: string },
    ),
  /** `HH:MM` or `24:00`, trimmed; invalid makes the active window always active (loop.md §5.3), so it is kept. */
  clockTime: () =>
    leaf(
      {
        expected: "a time HH:MM",
        parse: z.string().trim().regex(CLOCK_TIME),
        fallback: "the active window is treated as always active",
        keep: true,
      },
      { optional: "no bound: the window is always active" },
    ),
  /** An IANA time zone name, trimmed. */
  timeZone: (presence: { optional: string }) =>
    leaf(
      {
        expected: "an IANA time zone, e.g. Asia/Shanghai",
        parse: z.string().trim().refine(isValidTimeZone),
      },
      presence,
    ),
  /** A list of strings (`expected` names one entry); other entries are dropped with a warning. */
  textList: <P extends Presence<readonly string[]>>(expected: string, presence: P) =>
    configStructure.list(listEntry(expected), presence),
  /** A list of paths (`expected` names one entry); entries that are no usable path are dropped with a warning. */
  pathList: <P extends Presence<readonly string[]>>(expected: string, presence: P) =>
    configStructure.list(pathEntry(expected), presence),
  /** A list of names whose entries are `String()`-converted, trimmed and, when blank, dropped (skill filters). */
  nameList: <P extends Presence<readonly string[]>>(expected: string, presence: P) =>
    configStructure.list(nameEntry(expected), presence),
  /** Anything; the reader interprets it (a model id or `{primary}`, a secret reference, plugin options). */
  free: (optional: string): ConfigKey<unknown, unknown, unknown> => ({
    schema: z.unknown().optional(),
    override: z.unknown().optional(),
    node: { kind: "free", optional },
  }),
};

/** One entry of a list of strings, kept as written; `expected` names what it is. */
function listEntry(expected: string) {
  return leaf({ expected, parse: z.string(), fallback: "the entry is ignored" }, { optional: "the entry is ignored" });
}

/** One entry of a list of paths, kept as written when the file system could take it. */
function pathEntry(expected: string) {
  return leaf(
    {
      expected: `${expected}: ${PATH_TEXT_EXPECTED}`,
      parse: z.string().refine(isUsablePath),
      fallback: "the entry is ignored",
    },
    { optional: "the entry is ignored" },
  );
}

const TEXT_LIKE = new Set(["string", "number", "boolean", "bigint"]);

/**
 * One entry of a list of names (skills.md §6, §7): `String()`-converted and trimmed; blank entries
 * are dropped, and so are entries with no text form (null, lists, mappings).
 */
function nameEntry(expected: string) {
  return leaf(
    {
      expected,
      parse: z
        .unknown()
        .refine((entry) => TEXT_LIKE.has(typeof entry))
        .transform((entry) => String(entry).trim())
        .refine((entry) => entry !== ""),
      accepts: (entry) => typeof entry === "string",
      fallback: "numbers and booleans are converted to text, other entries ignored",
      keep: true,
    },
    { optional: "the entry is dropped" },
  );
}
