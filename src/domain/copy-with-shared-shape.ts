/**
 * A shallow copy of a plain object built key by key, in its key order, without the keys in
 * `omit`. Objects made by spreading a base and adding keys (`{ ...base, type }`) each get a V8
 * hidden class of their own, hundreds of bytes apiece; copies made here share one per key order,
 * which matters for objects kept by the thousand (planned cases, retained events). Pure.
 */
export function copyWithSharedShape<T extends object>(value: T, omit?: string): T {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key !== omit) copy[key] = (value as Record<string, unknown>)[key];
  }
  return copy as T;
}
