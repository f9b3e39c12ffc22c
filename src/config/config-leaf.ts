import type { z } from "zod";
import type { ConfigKey } from "./config-node.js";

/** Every leaf either has a default or says what its absence means (then it resolves to `undefined`). */
export type Presence<T> = { default: T } | { optional: string };

/** The resolved type of a leaf: `T`, or `T | undefined` when it is optional. */
export type Resolved<T, P> = P extends { default: unknown } ? T : T | undefined;

export interface LeafSpec<T, In> {
  /** What a valid value is, e.g. `a positive number`. */
  expected: string;
  /** Resolution of a present value; a failure makes the value invalid. */
  parse: z.ZodType<T, In>;
  /** Validation of a present value; default: `parse` succeeds. */
  accepts?: (value: unknown) => boolean;
  /** What a present but invalid value resolves to (e.g. `0` disables heartbeats); default: as if absent. */
  invalid?: { value: T | undefined };
  /** The warning's "what happens" text; default `the default <x> applies`, or the optional text. */
  fallback?: string;
  choices?: readonly string[];
  keep?: boolean;
}

/**
 * One leaf of the config: `schema` resolves a present value with `parse` (absent ⇒ the default or
 * `undefined`; invalid ⇒ `invalid`, else as if absent) without building zod issues for absent
 * keys; `override` does the same without the default; `node` carries the check and the documentation.
 */
export function configLeaf<T, In, P extends Presence<T>>(
  spec: LeafSpec<T, In>,
  presence: P,
): ConfigKey<Resolved<T, P>, In, T | undefined> {
  const absent = "default" in presence ? presence.default : undefined;
  const whenInvalid = spec.invalid === undefined ? absent : spec.invalid.value;
  const overrideInvalid = spec.invalid?.value;
  const accepts = spec.accepts ?? ((value: unknown) => spec.parse.safeParse(value).success);
  const fallback =
    spec.fallback ?? ("default" in presence ? `the default ${String(presence.default)} applies` : presence.optional);
  // Absent values skip the parse: building zod issues for the many unset keys would dominate the cost.
  const parse = spec.parse.optional() as z.ZodType<T | undefined, In | undefined>;
  return {
    schema: (parse.transform((parsed) => (parsed === undefined ? absent : parsed)) as z.ZodType<T, In>).catch(
      () => whenInvalid as T,
    ) as z.ZodType<Resolved<T, P>, In>,
    override: parse.catch(() => overrideInvalid) as z.ZodType<T | undefined, In>,
    node: {
      kind: "value",
      check: {
        expected: spec.expected,
        fallback,
        accepts,
        ...(spec.choices === undefined ? {} : { choices: spec.choices }),
        ...(spec.keep === true ? { keep: true } : {}),
      },
      ...("default" in presence ? { default: presence.default } : { optional: presence.optional }),
    },
  };
}

/** `{ fallback }` when one is given, else nothing (so the leaf derives it). */
export function fallbackOf(options: { fallback?: string }): { fallback?: string } {
  return options.fallback === undefined ? {} : { fallback: options.fallback };
}
