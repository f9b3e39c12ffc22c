/**
 * The path to the first array or object nested more than `maxDepth` levels inside `value`
 * (the top level is depth 1), or `undefined` when none is. Iterative, so a value nested far
 * deeper than the call stack allows is measured without overflowing it. Pure.
 */
export function findTooDeepValue(value: unknown, maxDepth: number): (string | number)[] | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item.value === null || typeof item.value !== "object") continue;
    if (item.path.length >= maxDepth) return item.path;
    const entries: [string | number, unknown][] = Array.isArray(item.value)
      ? item.value.map((child, index) => [index, child])
      : Object.entries(item.value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index] as [string | number, unknown];
      if (child !== null && typeof child === "object") stack.push({ value: child, path: [...item.path, key] });
    }
  }
  return undefined;
}
