import { createHash } from "node:crypto";

/** Header names that may carry credentials; they never enter a provider key. */
const SECRET_HEADER = /auth|cookie|key|token|secret|password|credential/i;

/** The settings that decide which vectors a provider returns. */
export interface ProviderKeySettings {
  provider: string;
  model: string;
  /** Trailing slashes are ignored. */
  baseUrl?: string;
  /** Names compare case-insensitively; credential-like names (`authorization`, `x-api-key`, ...) are left out. */
  headers?: Readonly<Record<string, string>>;
}

/**
 * The `providerKey` of an embedder (memory.md §5.1): sha256 hex over the provider, model,
 * base URL and non-secret headers (sorted by lower-cased name). The same settings always give
 * the same key; the API key is never an input. Pure.
 */
export function computeProviderKey(settings: ProviderKeySettings): string {
  const headers = Object.entries(settings.headers ?? {})
    .map(([name, value]): [string, string] => [name.toLowerCase(), value])
    .filter(([name]) => !SECRET_HEADER.test(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const identity = {
    provider: settings.provider,
    model: settings.model,
    baseUrl: settings.baseUrl?.replace(/\/+$/, "") ?? null,
    headers,
  };
  return createHash("sha256").update(JSON.stringify(identity)).digest("hex");
}
