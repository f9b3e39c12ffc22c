const HTML_ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Replaces the five HTML-significant characters (`& < > " '`) with entities, in one pass. For
 * untrusted text placed inside a prompt's tags (a `/compact` focus, recalled notes). Pure.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}
