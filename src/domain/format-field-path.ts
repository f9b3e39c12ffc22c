/** A key that needs no quoting after a `.`: an identifier, `-` allowed after the first character. */
const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

/**
 * The one way a path into scenario or config data is written in diagnostics:
 * `["turns", 0, "expect", 1]` → `turns[0].expect[1]`; keys that are not plain names are quoted
 * (`env["A B"]`, `models["openai/gpt-5"]`). An empty path gives `""`. Pure.
 */
export function formatFieldPath(path: readonly (string | number)[]): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/** The place of a path with indexes erased, e.g. `turns[].expect[]`: the key of per-place tables. */
export function formatFieldPlace(path: readonly (string | number)[]): string {
  return formatFieldPath(path).replace(/\[\d+\]/g, "[]");
}
