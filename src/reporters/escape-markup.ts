/** Characters XML 1.0 cannot carry at all, even escaped (C0 controls, lone surrogates, U+FFFE/F). */
const INVALID_XML_CHARACTERS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function stripInvalidXmlCharacters(text: string): string {
  return text.replace(INVALID_XML_CHARACTERS, "");
}

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Escapes text for XML or HTML element content and quoted attributes; drops invalid characters. */
export function escapeMarkup(text: string): string {
  return stripInvalidXmlCharacters(text).replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

/** Like {@link escapeMarkup}, and keeps line breaks and tabs, which attribute parsing would turn into spaces. */
export function escapeAttribute(text: string): string {
  return escapeMarkup(text).replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");
}
