import type { FrontmatterReading } from "./frontmatter-reading.js";
import { readBlockScalar, readFlowLines, readPlainLines } from "./read-block-scalar.js";
import { readInlineScalar } from "./read-inline-scalar.js";
import { resolvePlainScalar } from "./resolve-plain-scalar.js";
import {
  createSimpleCursor,
  DECLINED,
  type Declined,
  type SimpleCursor,
  skipBlankLines,
  trimTrailingSpaces,
} from "./simple-cursor.js";

/** Anything but LF, printable ASCII and BMP text above U+009F (no tab, control, BOM or surrogate). */
const UNSAFE_OR_SURROGATE = /[^\n\x20-\x7E\u00A0-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD]/;
const UNSAFE_CHARACTER = /[^\n\x20-\x7E\u00A0-\uFEFE\uFF00-\uFFFD]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A `key:` line whose key needs no quoting. */
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]{0,200}):(?: +(.*))?$/;
const KEYS_THAT_RESOLVE = /^(?:null|true|false|__proto__)$/i;
const BLOCK_HEADER = /^[|>]-?$/;

type SimpleValue = string | number | boolean | null | object;

/**
 * Fast path for the common shapes of frontmatter: `key: value` lines with plain scalars,
 * quoted scalars without escapes or one-line JSON; nested block mappings and sequences of
 * those; and, for top-level keys, multi-line plain scalars and `|`/`>` block scalars. Blank
 * lines and column-0 comments may come between top-level entries. Returns exactly what
 * `readFrontmatterYaml` would, or `undefined` (declined) whenever the block uses anything
 * else. Pure.
 */
export function readSimpleFrontmatter(yaml: string): FrontmatterReading | undefined {
  if (UNSAFE_OR_SURROGATE.test(yaml) && (UNSAFE_CHARACTER.test(yaml) || LONE_SURROGATE.test(yaml))) return undefined;
  const cursor = createSimpleCursor(yaml);
  const values = readMap(cursor, 0);
  if (values === DECLINED || Object.keys(values).length === 0 || cursor.index < cursor.lines.length) {
    return undefined;
  }
  return { ok: true, values };
}

function readMap(cursor: SimpleCursor, indent: number): Record<string, SimpleValue> | Declined {
  const map: Record<string, SimpleValue> = {};
  for (let line = skipBlankLines(cursor); line !== undefined; line = skipBlankLines(cursor)) {
    if (line.text.startsWith("#")) {
      if (line.indent > 0) return DECLINED;
      if (indent > 0) break;
      cursor.index += 1;
      continue;
    }
    if (line.indent < indent) break;
    const match = line.indent === indent ? KEY_LINE.exec(line.text) : null;
    if (match === null) return DECLINED;
    const key = match[1] as string;
    if (KEYS_THAT_RESOLVE.test(key) || Object.hasOwn(map, key)) return DECLINED;
    cursor.index += 1;
    const value = readEntryValue(cursor, indent, trimTrailingSpaces(match[2] ?? ""));
    if (value === DECLINED) return DECLINED;
    map[key] = value;
  }
  return map;
}

function readEntryValue(cursor: SimpleCursor, indent: number, inline: string): SimpleValue | Declined {
  const topLevel = indent === 0;
  if (inline === "") return readValueBelow(cursor, indent);
  if (BLOCK_HEADER.test(inline)) return topLevel ? readBlockScalar(cursor, indent, inline) : DECLINED;
  const start = cursor.index;
  const next = skipBlankLines(cursor);
  const continued = next !== undefined && next.indent > indent;
  cursor.index = start;
  const flow = inline.startsWith("{") || inline.startsWith("[");
  if (continued && flow) return topLevel ? readFlowLines(cursor, indent, inline) : DECLINED;
  const scalar = readInlineScalar(inline);
  if (scalar === DECLINED) return DECLINED;
  if (!continued) return scalar.kind === "final" ? scalar.value : resolvePlainScalar(scalar.text);
  return topLevel && scalar.kind === "plain" ? readPlainLines(cursor, indent, scalar.text) : DECLINED;
}

/** The value of a `key:` line with nothing after the colon. */
function readValueBelow(cursor: SimpleCursor, indent: number): SimpleValue | Declined {
  const start = cursor.index;
  const next = skipBlankLines(cursor);
  if (next === undefined || next.indent < indent || next.text.startsWith("#")) return null;
  const isItem = next.text.startsWith("- ") || next.text === "-";
  if (next.indent === indent) return isItem ? readSequence(cursor, indent) : null;
  if (isItem) return readSequence(cursor, next.indent);
  if (KEY_LINE.test(next.text)) return readMap(cursor, next.indent);
  if (indent > 0) return DECLINED;
  if (next.text.startsWith("{") || next.text.startsWith("[")) return readFlowLines(cursor, indent, undefined);
  return cursor.index === start ? readPlainLines(cursor, indent, undefined) : DECLINED;
}

function readSequence(cursor: SimpleCursor, indent: number): SimpleValue[] | Declined {
  const items: SimpleValue[] = [];
  for (let line = skipBlankLines(cursor); line !== undefined; line = skipBlankLines(cursor)) {
    if (line.indent < indent || (line.indent === 0 && line.text.startsWith("#"))) break;
    if (line.indent > indent || line.text.startsWith("#")) return DECLINED;
    if (!line.text.startsWith("- ")) break;
    const rest = trimTrailingSpaces(line.text.slice(2));
    if (rest === "" || rest.startsWith(" ")) return DECLINED;
    if (KEY_LINE.test(rest)) {
      cursor.lines[cursor.index] = { indent: indent + 2, text: rest };
      const map = readMap(cursor, indent + 2);
      if (map === DECLINED) return DECLINED;
      items.push(map);
      continue;
    }
    cursor.index += 1;
    const scalar = readInlineScalar(rest);
    const value =
      scalar === DECLINED ? DECLINED : scalar.kind === "final" ? scalar.value : resolvePlainScalar(scalar.text);
    if (value === DECLINED) return DECLINED;
    items.push(value);
  }
  return items;
}
