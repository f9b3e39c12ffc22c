/** A word of a name ending in one of these marks a credential: `OPENAI_API_KEY`, `apiKey`, `PGPASSWORD`. */
const CREDENTIAL_WORD_ENDINGS = [
  "key",
  "token",
  "secret",
  "password",
  "passwd",
  "auth",
  "authorization",
  "credential",
  "credentials",
  "cookie",
];

/** `Bearer abc…`, `Basic abc…`: the part after the scheme is a secret on its own too. */
const AUTH_SCHEME = /^(?:bearer|basic|token)\s+(\S+)$/i;

/**
 * Whether a variable, config key or header name looks like it holds a credential: one of its
 * words (split at `_`, `-`, `.` and camelCase humps) ends in key, token, secret, password,
 * passwd, auth, authorization, credential(s) or cookie. So `GIT_AUTHOR_NAME`, `tokenizer` and
 * `reserveTokens` do not. Pure.
 */
export function isCredentialName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => CREDENTIAL_WORD_ENDINGS.some((ending) => word.endsWith(ending)));
}

function secretParts(value: string): string[] {
  const trimmed = value.trim();
  const token = AUTH_SCHEME.exec(trimmed)?.[1];
  return token === undefined ? [trimmed] : [trimmed, token];
}

/**
 * The values of every environment variable whose name {@link isCredentialName} (API keys,
 * tokens, passwords), with the token of a `Bearer …` value also on its own. Short values are
 * left to the redactor to drop. Pure.
 */
export function collectEnvSecrets(env: Readonly<Record<string, string>>): string[] {
  return Object.entries(env)
    .filter(([name]) => isCredentialName(name))
    .flatMap(([, value]) => secretParts(value));
}

/**
 * Every string in a config whose key {@link isCredentialName}, at any depth: provider
 * `apiKey`s, memory `remote.apiKey` and credential `remote.headers`, skill env entries such as
 * `GITHUB_TOKEN`. Secret references (objects) are not resolved. Pure.
 */
export function collectConfigSecrets(config: unknown): string[] {
  if (Array.isArray(config)) return config.flatMap(collectConfigSecrets);
  if (config === null || typeof config !== "object") return [];
  return Object.entries(config).flatMap(([key, value]) => {
    if (typeof value === "string") return isCredentialName(key) ? secretParts(value) : [];
    return collectConfigSecrets(value);
  });
}
