/** Whitespace, control and format characters: no provider's model name or base URL holds one. */
const UNUSABLE_CHARACTER = /[\s\p{Cc}\p{Cf}]/u;

/**
 * Why the model part of a live model id (`anthropic:<model>`, `openai:<model>[@<baseURL>]`)
 * cannot name a model, or `undefined` when it can: the model must be free of whitespace and
 * control characters and hold no stray `@`; a base URL must be an http or https URL with a
 * host. Pure.
 */
export function findModelNameProblem(id: string, parts: { model: string; baseURL?: string }): string | undefined {
  if (parts.model === "" || parts.model.startsWith("@")) return `model id "${id}" names no model before its @<baseURL>`;
  if (UNUSABLE_CHARACTER.test(parts.model)) {
    return `model id "${id}" has spaces or control characters in its model name`;
  }
  if (parts.model.includes("@")) {
    return `model id "${id}" has an "@" that starts no base URL: write <model>@http://host[:port]/path or <model>@https://…`;
  }
  if (parts.baseURL === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = UNUSABLE_CHARACTER.test(parts.baseURL) ? undefined : new URL(parts.baseURL);
  } catch {
    url = undefined;
  }
  if (url === undefined || url.hostname === "" || (url.protocol !== "http:" && url.protocol !== "https:")) {
    return `model id "${id}" has an unusable base URL "${parts.baseURL}": write an http:// or https:// URL with a host`;
  }
  return undefined;
}
