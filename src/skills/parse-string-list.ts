/**
 * A manifest list (spec/skills.md §2.4): a list (entries through `String()`) or a
 * comma-separated string, trimmed, blanks dropped; anything else is `[]`. Pure.
 */
export function parseStringList(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(",") : [];
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}
