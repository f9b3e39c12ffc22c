/**
 * Replaces a unit's temp paths in recorded values with stable placeholders, so the same
 * scenario gives the same results.json bytes on every run. Longer paths are replaced first.
 */
export function replaceUnitPaths<T>(value: T, replacements: readonly [path: string, placeholder: string][]): T {
  const ordered = [...replacements].sort((a, b) => b[0].length - a[0].length);
  const text = JSON.stringify(value);
  let replaced = text;
  for (const [path, placeholder] of ordered) replaced = replaced.split(path).join(placeholder);
  return replaced === text ? value : (JSON.parse(replaced) as T);
}
