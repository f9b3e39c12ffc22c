import { z } from "zod";
import { isRecord } from "../domain/is-record.js";
import type { ConfigIn, ConfigKey, ConfigOut, ConfigOver } from "./config-node.js";

type Keys = Readonly<Record<string, ConfigKey>>;
type SectionOut<K extends Keys> = { [P in keyof K]: ConfigOut<K[P]> };
type SectionIn<K extends Keys> = { [P in keyof K]?: ConfigIn<K[P]> };
type SectionOver<K extends Keys> = { [P in keyof K]: ConfigOver<K[P]> };
type Item<K extends ConfigKey> = Exclude<ConfigOut<K>, undefined>;

const mapValues = <K extends Keys, T>(keys: K, pick: (key: ConfigKey) => T): Record<string, T> =>
  Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, pick(key)]));

/** A list item or map entry, resolved; `undefined` drops it (the check warns about it). */
function member(key: ConfigKey, value: unknown): unknown {
  const kind = key.node.kind;
  if (kind === "section" || kind === "map") return isRecord(value) ? key.schema.parse(value) : undefined;
  if (kind === "list") return Array.isArray(value) ? key.schema.parse(value) : undefined;
  return kind === "free" ? value : key.override.parse(value);
}

// Inputs of the wrong shape become empty before parsing, so resolution builds no zod issues for them.
const asMapping = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

function section<K extends Keys>(keys: K, open: boolean) {
  const shape = mapValues(keys, (key) => key.schema);
  const object = open ? z.looseObject(shape) : z.object(shape);
  const overrides = z.object(mapValues(keys, (key) => key.override));
  return {
    schema: z.unknown().optional().transform(asMapping).pipe(object) as unknown as z.ZodType<
      SectionOut<K>,
      SectionIn<K>
    >,
    override: z
      .unknown()
      .optional()
      .transform((value) => (isRecord(value) ? value : undefined))
      .pipe(overrides.optional()) as unknown as z.ZodType<SectionOver<K> | undefined, SectionIn<K>>,
    node: { kind: "section", keys, open },
  } satisfies ConfigKey;
}

/** Builders of the config's structure; leaves come from `configValue`. */
export const configStructure = {
  /** A mapping with known keys; any other key is an "unknown key" warning and is not resolved. */
  section: <K extends Keys>(keys: K) => section(keys, false),
  /** A mapping whose other keys are accepted without a warning and kept (plugin, hook and channel options). */
  open: <K extends Keys>(keys: K) =>
    section(keys, true) as ConfigKey<
      SectionOut<K> & Record<string, unknown>,
      SectionIn<K> & Record<string, unknown>,
      (SectionOver<K> & Record<string, unknown>) | undefined
    >,
  /** A mapping keyed by user names; each entry is checked by `known[name]`, else `entry`. Invalid entries are dropped. */
  map: <E extends ConfigKey, N extends Keys = Record<never, never>>(entry: E, known?: N) => {
    const named: Keys = known ?? {};
    const resolveMap = (value: unknown) => {
      const result: Record<string, unknown> = {};
      for (const [name, written] of Object.entries(asMapping(value))) {
        const resolved =
          name === "__proto__"
            ? undefined
            : member((Object.hasOwn(named, name) ? named[name] : undefined) ?? entry, written);
        if (resolved !== undefined) result[name] = resolved;
      }
      return result;
    };
    const schema = z.unknown().optional().transform(resolveMap);
    type Out = Record<string, ConfigOut<E>> & { [P in keyof N]?: ConfigOut<N[P]> };
    type In = Record<string, ConfigIn<E>>;
    return {
      schema: schema as unknown as z.ZodType<Out, In>,
      override: z
        .unknown()
        .optional()
        .transform((value) => (isRecord(value) ? resolveMap(value) : undefined)) as unknown as z.ZodType<
        Out | undefined,
        In
      >,
      node: { kind: "map", entry, known: named },
    } satisfies ConfigKey;
  },
  /**
   * `key` as a layer over other values (`agents.list[].heartbeat` over `agents.defaults.heartbeat`):
   * resolves without defaults, so only what the layer sets (validly) shows. Checked like `key`.
   */
  overrides: <O, I, V>(key: ConfigKey<O, I, V>): ConfigKey<V, I, V> => ({
    schema: key.override,
    override: key.override,
    node: key.node,
  }),
  /** A list; entries of the wrong type are dropped. Absent or not a list: `default`, else `undefined`. */
  list: <I extends ConfigKey, P extends { default: readonly Item<I>[] } | { optional: string }>(
    item: I,
    presence: P,
  ) => {
    const absent = () => ("default" in presence ? [...presence.default] : undefined);
    const resolveItems = (values: readonly unknown[]) =>
      values.map((value) => member(item, value)).filter((value) => value !== undefined);
    const items = z
      .unknown()
      .optional()
      .transform((value) => (Array.isArray(value) ? resolveItems(value) : absent()));
    type Out = P extends { default: unknown } ? Item<I>[] : Item<I>[] | undefined;
    return {
      schema: items as unknown as z.ZodType<Out, ConfigIn<I>[]>,
      override: z
        .unknown()
        .optional()
        .transform((value) => (Array.isArray(value) ? resolveItems(value) : undefined)) as unknown as z.ZodType<
        Item<I>[] | undefined,
        ConfigIn<I>[]
      >,
      node: {
        kind: "list",
        item,
        ...("default" in presence ? { default: presence.default } : { optional: presence.optional }),
      },
    } satisfies ConfigKey;
  },
};
