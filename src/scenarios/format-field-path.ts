import type { FieldPath } from "./locate-yaml-node.js";

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

/** Renders `["turns", 0, "expect", 1]` as `turns[0].expect[1]`; odd keys are quoted (`env["A B"]`). */
export function formatFieldPath(path: FieldPath): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/** The place of a path with indexes erased, e.g. `turns[].expect[]`: the key of per-place tables. */
export function formatFieldPlace(path: FieldPath): string {
  return formatFieldPath(path).replace(/\[\d+\]/g, "[]");
}
