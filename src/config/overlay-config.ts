import { isRecord } from "../domain/is-record.js";

/** A layer over `T`: any key may be unset (`undefined`), at any depth when `deep`. */
export type ConfigLayer<T> = { [K in keyof T]?: T[K] | ConfigLayer<T[K]> | undefined };

/**
 * `base` with every key the layer sets (not `undefined`) laid over it. Shallow by default (a set
 * section replaces the base's section); with `deep`, sections merge key by key and lists still
 * replace. Pure; the inputs are not changed.
 */
export function overlayConfig<T extends object>(
  base: T,
  layer: ConfigLayer<T> | undefined,
  options?: { deep?: boolean },
): T {
  if (layer === undefined) return base;
  const result = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(layer)) {
    if (value === undefined) continue;
    const current = result[key];
    result[key] =
      options?.deep === true && isRecord(current) && isRecord(value) ? overlayConfig(current, value, options) : value;
  }
  return result as T;
}
