import { DECLINED, type Declined } from "./simple-cursor.js";

/** First characters of plain text the fast path leaves to the full parser: indicators and `~`. */
const SPECIAL_START = /^(?:[?:,\]}#&*!|>%@`~'"[{]|- |-$)/;
/** A superset of the core schema's int, octal, hex, float, exponent, `.inf` and `.nan` forms. */
const NUMBER_LIKE =
  /^(?:[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const SHORT_INTEGER = /^[-+]?[0-9]{1,15}$/;
const SHORT_FRACTION = /^[-+]?(?:[0-9]{1,15}\.[0-9]{0,15}|\.[0-9]{1,15})$/;
const NULL_WORD = /^(?:null|Null|NULL)$/;
const TRUE_WORD = /^(?:true|True|TRUE)$/;
const FALSE_WORD = /^(?:false|False|FALSE)$/;

/** A line of plain text that cannot start or hide any other YAML construct. */
export function isSafePlainLine(text: string): boolean {
  return !SPECIAL_START.test(text) && !text.includes(": ") && !text.endsWith(":") && !text.includes(" #");
}

/**
 * Core-schema resolution of plain text: null and boolean words, short decimal integers
 * (`parseInt`) and decimal fractions (`parseFloat`), as the `yaml` package resolves them;
 * other number forms are declined.
 */
export function resolvePlainScalar(text: string): string | number | boolean | null | Declined {
  if (NULL_WORD.test(text)) return null;
  if (TRUE_WORD.test(text)) return true;
  if (FALSE_WORD.test(text)) return false;
  if (!NUMBER_LIKE.test(text)) return text;
  if (SHORT_INTEGER.test(text)) return Number.parseInt(text, 10);
  return SHORT_FRACTION.test(text) ? Number.parseFloat(text) : DECLINED;
}
