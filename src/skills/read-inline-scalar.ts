import { readFlowCollection } from "./read-flow-collection.js";
import { isSafePlainLine } from "./resolve-plain-scalar.js";
import { DECLINED, type Declined } from "./simple-cursor.js";

/** An inline value: plain text (resolved after any folding) or an already final value. */
export type InlineScalar = { kind: "plain"; text: string } | { kind: "final"; value: string | object };

/**
 * Reads one inline value (trailing spaces already removed, not empty): a quoted scalar
 * without escapes, one-line JSON, or plain text the fast path can vouch for.
 */
export function readInlineScalar(text: string): InlineScalar | Declined {
  const first = text.charAt(0);
  if (first === '"') return final(readDoubleQuoted(text));
  if (first === "'") return final(readSingleQuoted(text));
  if (first === "{" || first === "[") return final(readFlowCollection(text));
  return isSafePlainLine(text) ? { kind: "plain", text } : DECLINED;
}

function final(value: string | object | Declined): InlineScalar | Declined {
  return value === DECLINED ? DECLINED : { kind: "final", value };
}

function readDoubleQuoted(text: string): string | Declined {
  const close = text.indexOf('"', 1);
  if (close !== text.length - 1) return DECLINED;
  const content = text.slice(1, close);
  return content.includes("\\") ? DECLINED : content;
}

function readSingleQuoted(text: string): string | Declined {
  let content = "";
  let index = 1;
  while (index < text.length) {
    const quote = text.indexOf("'", index);
    if (quote === -1) return DECLINED;
    content += text.slice(index, quote);
    if (text.charAt(quote + 1) !== "'") return quote === text.length - 1 ? content : DECLINED;
    content += "'";
    index = quote + 2;
  }
  return DECLINED;
}
