/** How to check one leaf value of openclaw.json. */
export interface ConfigValueCheck {
  /** What a valid value is, e.g. `a positive number`. */
  expected: string;
  /** What the runtime does with an invalid value, e.g. `the default 20000 applies`. */
  fallback: string;
  accepts(value: unknown): boolean;
  /** The allowed values, offered as "did you mean" suggestions. */
  choices?: readonly string[];
  /** Keep an invalid value in the checked config because the spec gives it a meaning (e.g. it disables a feature). */
  keep?: boolean;
}

/**
 * The shape of one place in openclaw.json. A `section` knows its keys (unknown keys are warnings
 * unless it is `open`); a `map` is keyed by user names (skill keys, `provider/model`, channel
 * ids) and checks each entry, with `known` entries checked by their own node; `free` accepts
 * anything below it.
 */
export type ConfigNode =
  | { kind: "section"; keys: Readonly<Record<string, ConfigNode>>; open: boolean }
  | { kind: "map"; entry: ConfigNode; known: Readonly<Record<string, ConfigNode>> }
  | { kind: "list"; item: ConfigNode }
  | { kind: "value"; check: ConfigValueCheck }
  | { kind: "free" };

export type ConfigNodeKind = ConfigNode["kind"];

/** Builders for the key tree. */
export const configNode = {
  section: (keys: Readonly<Record<string, ConfigNode>>): ConfigNode => ({ kind: "section", keys, open: false }),
  /** A section whose other keys are accepted without a warning (plugin or hook options). */
  open: (keys: Readonly<Record<string, ConfigNode>>): ConfigNode => ({ kind: "section", keys, open: true }),
  map: (entry: ConfigNode, known: Readonly<Record<string, ConfigNode>> = {}): ConfigNode => ({
    kind: "map",
    entry,
    known,
  }),
  list: (item: ConfigNode): ConfigNode => ({ kind: "list", item }),
  value: (check: ConfigValueCheck): ConfigNode => ({ kind: "value", check }),
  free: { kind: "free" } as ConfigNode,
};
