import type { z } from "zod";

/** How the config check judges one leaf value of openclaw.json. */
export interface ConfigValueCheck {
  /** What a valid value is, e.g. `a positive number`. */
  expected: string;
  /** What the runtime does with an invalid value, e.g. `the default 20000 applies`. */
  fallback: string;
  accepts(value: unknown): boolean;
  /** The allowed values, offered as "did you mean" suggestions. */
  choices?: readonly string[];
  /** The checked config keeps an invalid value because the spec gives it a meaning (e.g. it disables a feature). */
  keep?: boolean;
}

/**
 * The shape of one place in openclaw.json, as the config check walks it. A `section` knows its
 * keys (unknown keys are warnings unless it is `open`); a `map` is keyed by user names (skill
 * keys, `provider/model`, channel ids) and checks each entry, `known` entries by their own key;
 * a `value` carries its default, or `optional` says what its absence means; `free` accepts
 * anything below it.
 */
export type ConfigNode =
  | { kind: "section"; keys: Readonly<Record<string, ConfigKey>>; open: boolean }
  | { kind: "map"; entry: ConfigKey; known: Readonly<Record<string, ConfigKey>> }
  | { kind: "list"; item: ConfigKey; default?: readonly unknown[]; optional?: string }
  | { kind: "value"; check: ConfigValueCheck; default?: unknown; optional?: string }
  | { kind: "free"; optional: string };

export type ConfigNodeKind = ConfigNode["kind"];

/**
 * One key of openclaw.json, described once. `schema` resolves a written value: absent or invalid
 * gives the default (or `undefined` for an optional key) and never throws. `override` resolves
 * the same key as a per-agent override (`agents.list[].heartbeat.*`): absent or invalid gives
 * `undefined`, so the `agents.defaults` value shows through. `node` drives the config check.
 * `Out` is the resolved type, `In` the type as written, `Over` the override's resolved type.
 */
export interface ConfigKey<Out = unknown, In = unknown, Over = unknown> {
  readonly schema: z.ZodType<Out, In>;
  readonly override: z.ZodType<Over, In>;
  readonly node: ConfigNode;
}

/** The resolved type of a config key. */
export type ConfigOut<K> = K extends ConfigKey<infer Out, infer _In, infer _Over> ? Out : never;
/** The type of a config key as written in openclaw.json. */
export type ConfigIn<K> = K extends ConfigKey<infer _Out, infer In, infer _Over> ? In : never;
/** The resolved type of a config key used as a per-agent override. */
export type ConfigOver<K> = K extends ConfigKey<infer _Out, infer _In, infer Over> ? Over : never;
