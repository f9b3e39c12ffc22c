import { isSafePlainLine, resolvePlainScalar } from "./resolve-plain-scalar.js";
import { DECLINED, type Declined } from "./simple-cursor.js";

/** More digits than a double keeps: `parseInt` and `JSON.parse` might round differently. */
const LONG_NUMBER = /[0-9]{16}/;
const FLOW_SEQUENCE_ITEM_BREAKER = /[[\]{}#:"']/;

/**
 * A flow collection (`{…}` or `[…]`, possibly over several lines) whose YAML 1.2 value the
 * fast path can vouch for: JSON (trailing commas allowed, as YAML allows them) without
 * repeated keys in one object, or a one-line sequence of simple plain words (`[a, b c]`).
 */
export function readFlowCollection(text: string): object | Declined {
  const json = readJsonFlow(text);
  return json === DECLINED && !text.includes("\n") ? readPlainFlowSequence(text) : json;
}

function readJsonFlow(text: string): object | Declined {
  const json = checkJsonTokens(text);
  if (json === DECLINED) return DECLINED;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null ? value : DECLINED;
  } catch {
    // Not JSON: the full parser decides what this flow collection means.
    return DECLINED;
  }
}

/**
 * Walks the JSON-like text once: declines a key repeated within one object, a key with
 * escapes, `__proto__` or over 1000 chars (YAML's implicit-key limit), and long numbers;
 * returns the text with trailing commas removed.
 */
function checkJsonTokens(text: string): string | Declined {
  const objects: (Set<string> | undefined)[] = [];
  let output = "";
  let index = 0;
  let previous = "";
  while (index < text.length) {
    const character = text.charAt(index);
    if (character === '"') {
      const end = findStringEnd(text, index);
      if (end === -1) return DECLINED;
      const token = text.slice(index, end + 1);
      let after = end + 1;
      let spansLines = false;
      for (; text.charAt(after) === " " || text.charAt(after) === "\n"; after += 1) {
        if (text.charAt(after) === "\n") spansLines = true;
      }
      if (text.charAt(after) === ":") {
        // YAML wants an implicit key and its colon on one line.
        if (spansLines) return DECLINED;
        const keys = objects.at(-1);
        const key = token.slice(1, -1);
        if (keys === undefined || keys.has(key) || key.includes("\\") || key.length > 1000 || key === "__proto__") {
          return DECLINED;
        }
        keys.add(key);
      }
      output += token;
      previous = '"';
      index = end + 1;
      continue;
    }
    if (character === "{") objects.push(new Set());
    if (character === "[") objects.push(undefined);
    if (character === "}" || character === "]") {
      objects.pop();
      if (previous === ",") {
        output = output.replace(/,(\s*)$/, "$1");
        if (/[[{,]\s*$/.test(output)) return DECLINED;
      }
    }
    if (character !== " " && character !== "\n") previous = character;
    output += character;
    index += 1;
  }
  return LONG_NUMBER.test(output.replace(/"(?:[^"\\]|\\.)*"/g, '""')) ? DECLINED : output;
}

function findStringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    const character = text.charAt(index);
    if (character === "\\") index += 1;
    else if (character === '"') return index;
  }
  return -1;
}

function readPlainFlowSequence(text: string): object | Declined {
  if (!text.startsWith("[") || !text.endsWith("]")) return DECLINED;
  const inner = text.slice(1, -1);
  if (FLOW_SEQUENCE_ITEM_BREAKER.test(inner)) return DECLINED;
  const parts = inner.split(",").map((part) => part.replace(/^ +| +$/g, ""));
  if (parts.length > 1 && parts.at(-1) === "") parts.pop();
  const items: unknown[] = [];
  for (const part of parts) {
    if (part === "" || !isSafePlainLine(part)) return DECLINED;
    const value = resolvePlainScalar(part);
    if (value === DECLINED) return DECLINED;
    items.push(value);
  }
  return items;
}
