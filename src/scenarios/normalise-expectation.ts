import { resolve } from "node:path";
import type {
  Expectation,
  ExpectationFile,
  ExpectationOf,
  ExpectationType,
  LineRange,
  SourceLocation,
} from "../domain/index.js";
import { LINE_RANGE_PATTERN } from "./memory-expectation-schema.js";

type FileValue<K extends ExpectationType> = Extract<ExpectationFile, Record<K, unknown>>[K];
type Body<K extends ExpectationType> = K extends ExpectationType ? Omit<ExpectationOf<K>, "location"> : never;
type Normaliser<K extends ExpectationType> = (value: FileValue<K>, folder: string) => Body<K>;

const REGEX_LITERAL = /^\/(.+)\/([a-z]*)$/s;

const list = (value: string | string[]): string[] => (typeof value === "string" ? [value] : [...value]);

const NORMALISERS: { [K in ExpectationType]: Normaliser<K> } = {
  "reply-equals": (value) => ({ type: "reply-equals", value }),
  "reply-contains": (value) => ({ type: "reply-contains", values: list(value) }),
  "reply-matches": (value) => {
    const literal = REGEX_LITERAL.exec(value);
    return { type: "reply-matches", pattern: literal?.[1] ?? value, flags: literal?.[2] ?? "" };
  },
  "tool-called": (value) => {
    if (typeof value === "string") return { type: "tool-called", name: value };
    const { name, input, times } = value;
    return {
      type: "tool-called",
      name,
      ...(input === undefined ? {} : { input }),
      ...(times === undefined ? {} : { times }),
    };
  },
  "tool-not-called": (value) => {
    if (typeof value === "string") return { type: "tool-not-called", name: value };
    return { type: "tool-not-called", name: value.name, ...(value.input === undefined ? {} : { input: value.input }) };
  },
  "tool-sequence": (value) => ({ type: "tool-sequence", names: [...value] }),
  "prompt-contains": (value) => ({ type: "prompt-contains", values: list(value) }),
  "prompt-golden": (value, folder) => ({ type: "prompt-golden", file: resolve(folder, value) }),
  "skills-included": (value) => ({ type: "skills-included", names: list(value) }),
  "skills-excluded": (value) => ({
    type: "skills-excluded",
    skills: (Array.isArray(value) ? value : [value]).map((entry) =>
      typeof entry === "string"
        ? { name: entry }
        : { name: entry.name, ...(entry.reason === undefined ? {} : { reason: entry.reason }) },
    ),
  }),
  "skills-truncated": (value) => ({ type: "skills-truncated", value }),
  "heartbeat-ack": (value) => ({ type: "heartbeat-ack", value }),
  delivered: (value) => ({ type: "delivered", value }),
  "reply-silent": (value) => ({ type: "reply-silent", value }),
  "stream-clean": (value) => ({ type: "stream-clean", value }),
  "subagent-spawned": (value) => {
    if (typeof value === "boolean") return { type: "subagent-spawned", spawned: value };
    const { count, task, label, announced } = value;
    return {
      type: "subagent-spawned",
      spawned: count !== 0,
      ...(count === undefined ? {} : { count }),
      ...(task === undefined ? {} : { task }),
      ...(label === undefined ? {} : { label }),
      ...(announced === undefined ? {} : { announced }),
    };
  },
  "hook-called": (value) => {
    if (typeof value === "string") return { type: "hook-called", name: value };
    const { name, times, plugin } = value;
    return {
      type: "hook-called",
      name,
      ...(times === undefined ? {} : { times }),
      ...(plugin === undefined ? {} : { plugin }),
    };
  },
  "tool-blocked": (value) => {
    if (typeof value === "string") return { type: "tool-blocked", name: value };
    return { type: "tool-blocked", name: value.name, ...(value.reason === undefined ? {} : { reason: value.reason }) };
  },
  event: (value) => {
    const { type, times, ...fields } = value;
    return { type: "event", event: type, fields, ...(times === undefined ? {} : { times }) };
  },
  custom: (value, folder) => {
    if (typeof value === "string") return { type: "custom", module: resolve(folder, value), exportName: "default" };
    return {
      type: "custom",
      module: resolve(folder, value.module),
      exportName: value.export ?? "default",
      ...(value.options === undefined ? {} : { options: value.options }),
    };
  },
  compaction: (value) => {
    if (typeof value === "boolean") return { type: "compaction", triggered: value };
    const { triggered, trigger, identifiersPreserved, tokensAfterMax, reduction, structure } = value;
    return {
      type: "compaction",
      triggered: triggered ?? true,
      ...(trigger === undefined ? {} : { trigger }),
      ...(identifiersPreserved === undefined ? {} : { identifiersPreserved }),
      ...(tokensAfterMax === undefined ? {} : { tokensAfterMax }),
      ...(reduction === undefined ? {} : { reduction: withoutUndefined(reduction) }),
      ...(structure === undefined ? {} : { structure }),
    };
  },
  pruned: (value) => {
    if (typeof value === "boolean") return { type: "pruned", pruned: value };
    const { mechanism, tools, count } = value;
    return {
      type: "pruned",
      pruned: count !== 0,
      ...(mechanism === undefined ? {} : { mechanism }),
      ...(tools === undefined ? {} : { tools: list(tools) }),
      ...(count === undefined ? {} : { count }),
    };
  },
  "prompt-tokens-max": (value) => ({ type: "prompt-tokens-max", max: value }),
  "cost-max": (value) =>
    typeof value === "number"
      ? { type: "cost-max", maxUsd: value, per: "turn" }
      : { type: "cost-max", maxUsd: value.usd, per: value.per ?? "turn" },
  "memory-top-hit": (value) => {
    const lines = value.lines === undefined ? undefined : parseLineRange(value.lines);
    return {
      type: "memory-top-hit",
      path: value.path,
      rank: value.rank ?? 1,
      ...(lines === undefined ? {} : { lines }),
      ...(value.query === undefined ? {} : { query: value.query }),
    };
  },
  "memory-cited": (value) =>
    value === true || value.path === undefined ? { type: "memory-cited" } : { type: "memory-cited", path: value.path },
  "memory-written": (value) => ({
    type: "memory-written",
    path: value.path,
    contains: value.contains === undefined ? [] : list(value.contains),
    appendOnly: value.appendOnly ?? false,
  }),
  "memory-recalled": (value) => {
    if (typeof value === "boolean") return { type: "memory-recalled", recalled: value };
    const { path, count } = value;
    return {
      type: "memory-recalled",
      recalled: count !== 0,
      ...(path === undefined ? {} : { path }),
      ...(count === undefined ? {} : { count }),
    };
  },
};

/** `L3` ⇒ 3–3, `L3-L5` ⇒ 3–5; the schema has already checked the form. */
function parseLineRange(text: string): LineRange | undefined {
  const match = LINE_RANGE_PATTERN.exec(text);
  if (match?.[1] === undefined) return undefined;
  const start = Number(match[1]);
  return { start, end: match[2] === undefined ? start : Number(match[2]) };
}

function withoutUndefined(range: { min?: number | undefined; max?: number | undefined }): {
  min?: number;
  max?: number;
} {
  return {
    ...(range.min === undefined ? {} : { min: range.min }),
    ...(range.max === undefined ? {} : { max: range.max }),
  };
}

export interface NormaliseExpectationOptions {
  /** Absolute folder of the scenario file; custom module paths resolve against it. */
  folder: string;
  location: SourceLocation;
}

/**
 * Normalises one `expect` item: `reply-contains: a` becomes `values: ["a"]`, `reply-matches:
 * /x/i` becomes `pattern: "x", flags: "i"`, `tool-called: read` becomes `name: "read"`, custom
 * module and `prompt-golden` file paths become absolute, `exportName` defaulting to `default`;
 * `compaction: {...}` gets `triggered: true` unless it says otherwise, `pruned: { count: 0 }`
 * means `pruned: false`, and `pruned.tools: x` becomes `tools: ["x"]`; `memory-top-hit.lines:
 * L3-L5` becomes `{ start: 3, end: 5 }` with `rank` defaulting to 1, `memory-written` gets
 * `contains` as a list (empty when absent) and `appendOnly: false` by default,
 * `memory-recalled: { count: 0 }` means `recalled: false`, `tool-not-called: x` becomes
 * `name: "x"`, `cost-max: 0.05` becomes `maxUsd: 0.05, per: "turn"`, and `event: { type: queue,
 * action: steered }` becomes `event: "queue", fields: { action: "steered" }`.
 */
export function normaliseExpectation(entry: ExpectationFile, options: NormaliseExpectationOptions): Expectation {
  const [type, value] = Object.entries(entry)[0] as [ExpectationType, unknown];
  const normalise = NORMALISERS[type] as (value: unknown, folder: string) => Body<ExpectationType>;
  return { ...normalise(value, options.folder), location: options.location } as Expectation;
}
