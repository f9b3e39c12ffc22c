import { setOwnProperty } from "./set-own-property.js";

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A JSON-like value with `text` applied to every string (and `key`, when given, to every object
 * key), at any depth. Only the arrays and plain objects on the way to a change are copied; the
 * rest, and every other kind of object, is returned as it is. A `__proto__` key stays an own
 * property. Pure when the functions are.
 */
export function mapJsonStrings(value: unknown, text: (text: string) => string, key?: (key: string) => string): unknown {
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return text(node);
    if (node === null || typeof node !== "object") return node;
    if (Array.isArray(node)) {
      let copy: unknown[] | undefined;
      for (let index = 0; index < node.length; index += 1) {
        const item: unknown = node[index];
        const mapped = walk(item);
        if (mapped === item) continue;
        copy ??= node.slice();
        copy[index] = mapped;
      }
      return copy ?? node;
    }
    if (!isPlainObject(node)) return node;
    const record = node as Record<string, unknown>;
    const keys = Object.keys(record);
    let copy: Record<string, unknown> | undefined;
    for (let index = 0; index < keys.length; index += 1) {
      const name = keys[index]!;
      const item = record[name];
      const mappedName = key === undefined ? name : key(name);
      const mapped = walk(item);
      if (copy === undefined) {
        if (mappedName === name && mapped === item) continue;
        copy = {};
        for (const earlier of keys.slice(0, index)) setOwnProperty(copy, earlier, record[earlier]);
      }
      setOwnProperty(copy, mappedName, mapped);
    }
    return copy ?? node;
  };
  return walk(value);
}
