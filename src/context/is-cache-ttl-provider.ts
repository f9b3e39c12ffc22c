const DIRECT_PROVIDERS: ReadonlySet<string> = new Set(["anthropic", "moonshot", "zai"]);
const OPENROUTER_PREFIXES: readonly string[] = ["anthropic/", "moonshot/", "moonshotai/", "zai/"];

/**
 * Whether cache-TTL pruning may apply to a model (context.md §6.4): providers `anthropic`,
 * `moonshot` and `zai`, and `openrouter` models whose id starts with `anthropic/`, `moonshot/`,
 * `moonshotai/` or `zai/`. Compared case-insensitively. Pure.
 */
export function isCacheTtlProvider(options: { provider: string; modelId: string }): boolean {
  const provider = options.provider.trim().toLowerCase();
  if (DIRECT_PROVIDERS.has(provider)) return true;
  if (provider !== "openrouter") return false;
  const modelId = options.modelId.trim().toLowerCase();
  return OPENROUTER_PREFIXES.some((prefix) => modelId.startsWith(prefix));
}
