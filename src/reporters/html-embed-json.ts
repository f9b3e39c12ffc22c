/**
 * Characters replaced by `\uXXXX` escapes in JSON placed inside an HTML `<script>` element: `<`
 * and `>` (so `</script>` and `<!--` in a string cannot end or change the element), `&`, and the
 * two line separators JavaScript treated as line ends before ES2019.
 */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

function escapeForScript(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * JSON text that can sit verbatim inside `<script type="application/json">`: `JSON.stringify`,
 * then every `<`, `>`, `&`, U+2028 and U+2029 written as a `\u` escape. Those characters occur
 * only inside JSON strings, where the escape means the same character, so `JSON.parse` of the
 * result gives back the same value. The text has no line breaks. Pure.
 */
export function embedJson(value: unknown): string {
  return (JSON.stringify(value) ?? "null").replace(UNSAFE_IN_SCRIPT, escapeForScript);
}

/** A `<script type="application/json">` element with the given id around already embedded JSON text. */
export function jsonScriptElement(id: string, embedded: string): string {
  return `<script type="application/json" id="${id}">${embedded}</script>`;
}
