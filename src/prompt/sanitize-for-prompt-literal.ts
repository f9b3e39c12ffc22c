const UNSAFE_LITERAL_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * Removes (does not escape) every Unicode `Cc` and `Cf` character and U+2028/U+2029
 * (spec/prompt.md §4.4), so a path cannot break a prompt line or reorder it with bidi
 * controls. Applied only to the workspace and sandbox path fields the spec names.
 */
export function sanitizeForPromptLiteral(value: string): string {
  return value.replace(UNSAFE_LITERAL_CHARACTERS, "");
}
