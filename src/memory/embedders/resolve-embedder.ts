import type { MemorySearchConfig } from "../../config/resolve-agent-config.js";
import { ClawEvalError, errorMessage } from "../../domain/index.js";
import { createHashEmbedder } from "./create-hash-embedder.js";
import { createOpenAIEmbedder } from "./create-openai-embedder.js";
import type { Embedder } from "./embedder.js";

/** How the memory index embeds, decided from `memorySearch` (memory.md §5.1). */
export interface EmbedderResolution {
  /** Present exactly when `mode` is `hybrid`. */
  embedder?: Embedder;
  /** `fts-only`: keyword search alone (§6.5), intended (`provider "none"`) or for want of a key. */
  mode: "hybrid" | "fts-only";
  /** Set when the configured provider could not be created and another mode or provider stands in. */
  fallback?: { from: string; reason: string };
  /** A setup error that leaves memory search unavailable (§7.1); `mode` is then `fts-only` with no embedder. */
  unavailable?: string;
}

export interface ResolveEmbedderOptions {
  /** The agent's resolved `memorySearch`. */
  config: MemorySearchConfig;
  /** The run's environment; only `OPENAI_API_KEY` is read. */
  env: Readonly<Record<string, string>>;
  /** Waits between request retries; pass the runtime's `sleep`. */
  sleep: (ms: number) => Promise<void>;
  /** Passed on to the OpenAI embedder; pass the runtime's `holdTime`. */
  holdTime?: () => () => void;
  /** Turns a non-string `remote.apiKey` (a secret reference) into its value; default: only strings count. */
  resolveSecret?: (reference: unknown) => string | undefined;
}

const HASH_MODEL = /^fnv1a-([1-9]\d{0,5})$/;

function configuredKey(options: ResolveEmbedderOptions): string | undefined {
  const { apiKey } = options.config.remote;
  const fromConfig = typeof apiKey === "string" ? apiKey : apiKey == null ? undefined : options.resolveSecret?.(apiKey);
  const key = fromConfig?.trim() ? fromConfig : options.env.OPENAI_API_KEY;
  return key?.trim() ? key.trim() : undefined;
}

/** `model` sets the hash width only in its own `fnv1a-<dims>` form; another provider's model name is ignored. */
function createHash(config: MemorySearchConfig): Embedder {
  const dims = HASH_MODEL.exec(config.model ?? "")?.[1];
  return createHashEmbedder(dims === undefined ? {} : { dims: Number(dims) });
}

function createOpenAI(options: ResolveEmbedderOptions): Embedder {
  const { config } = options;
  const headers = Object.fromEntries(
    Object.entries(config.remote.headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return createOpenAIEmbedder({
    apiKey: configuredKey(options) ?? "",
    baseUrl: config.remote.baseUrl,
    ...(config.model === undefined ? {} : { model: config.model }),
    headers,
    sleep: options.sleep,
    ...(options.holdTime === undefined ? {} : { holdTime: options.holdTime }),
  });
}

/**
 * Picks the embedder of memory search (memory.md §5.1). `hash` (the default) never fails;
 * `none` is FTS-only on purpose; `auto` is `openai` when `remote.apiKey` or `OPENAI_API_KEY` is
 * set, else `hash`. When `openai` cannot be set up, `fallback: "hash"` stands in with the reason
 * in `fallback`; otherwise a missing key gives FTS-only mode (reason in `fallback`) and any other
 * setup error an `unavailable` result. Makes no request: the SDK client is created at first use.
 */
export function resolveEmbedder(options: ResolveEmbedderOptions): EmbedderResolution {
  const { config } = options;
  const provider = config.provider === "auto" ? (configuredKey(options) ? "openai" : "hash") : config.provider;
  if (provider === "none") return { mode: "fts-only" };
  if (provider === "hash") return { embedder: createHash(config), mode: "hybrid" };
  try {
    return { embedder: createOpenAI(options), mode: "hybrid" };
  } catch (error) {
    const reason = errorMessage(error);
    if (config.fallback === "hash")
      return { embedder: createHash(config), mode: "hybrid", fallback: { from: "openai", reason } };
    if (error instanceof ClawEvalError && error.code === "missing-key") {
      return { mode: "fts-only", fallback: { from: "openai", reason } };
    }
    return { mode: "fts-only", unavailable: reason };
  }
}
