import { type Document, isAlias, isMap, isScalar, isSeq, type LineCounter } from "yaml";

/** A path into the scenario data: keys and 0-based list indexes. */
export type FieldPath = readonly (string | number)[];

/** 1-based line and column. */
export interface TextPosition {
  line: number;
  column: number;
}

/** Position of the value at a path, or of its deepest ancestor present in the file. */
export type LocateField = (path: FieldPath) => TextPosition;

export interface YamlLocator {
  /** Where the value at `path` starts (its deepest existing ancestor when it is missing). */
  value: LocateField;
  /** Where the key holding the value at `path` starts (the value itself for list items). */
  key: LocateField;
}

interface Found {
  node: unknown;
  key: unknown;
  complete: boolean;
}

function keyName(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

function walk(document: Document, path: FieldPath): Found {
  let node: unknown = document.contents;
  let key: unknown;
  for (const segment of path) {
    if (isAlias(node)) node = node.resolve(document);
    if (isMap(node)) {
      const pair = node.items.find((item) => keyName(item.key) === String(segment));
      if (pair === undefined) return { node, key, complete: false };
      key = pair.key;
      node = pair.value ?? pair.key;
    } else if (isSeq(node) && typeof segment === "number" && segment < node.items.length) {
      key = undefined;
      node = node.items[segment];
    } else {
      return { node, key, complete: false };
    }
  }
  return { node, key, complete: true };
}

function startOf(node: unknown): number | undefined {
  if (typeof node !== "object" || node === null || !("range" in node)) return undefined;
  const range = (node as { range?: readonly number[] | null }).range;
  return range?.[0];
}

/** Maps field paths to positions in a parsed YAML document. Results are cached per path. */
export function createYamlLocator(document: Document, lineCounter: LineCounter): YamlLocator {
  const position = (offset: number | undefined): TextPosition => {
    if (offset === undefined) return { line: 1, column: 1 };
    const { line, col } = lineCounter.linePos(offset);
    return { line: Math.max(line, 1), column: col };
  };
  const cached = (pick: (found: Found) => unknown): LocateField => {
    const cache = new Map<string, TextPosition>();
    return (path) => {
      const cacheKey = path.join("\u0000");
      let result = cache.get(cacheKey);
      if (result === undefined) {
        result = position(startOf(pick(walk(document, path))));
        cache.set(cacheKey, result);
      }
      return result;
    };
  };
  return {
    value: cached((found) => found.node),
    key: cached((found) => (found.complete && found.key !== undefined ? found.key : found.node)),
  };
}
