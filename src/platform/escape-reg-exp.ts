const SYNTAX_CHARACTERS = /[.*+?^${}()|[\]\\]/g;

/**
 * `text` with every regular-expression syntax character (`. * + ? ^ $ { } ( ) | [ ] \`) escaped,
 * so a pattern built from it matches the text literally, both with `new RegExp` (with or without
 * the `u` flag) and on the linear-time engine behind `compileSafeRegex`. Pure.
 */
export function escapeRegExp(text: string): string {
  return text.replace(SYNTAX_CHARACTERS, "\\$&");
}
