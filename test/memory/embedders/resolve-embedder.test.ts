import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resolveOpenClawConfig } from "../../../src/config/resolve-openclaw-config.js";
import { type ResolveEmbedderOptions, resolveEmbedder } from "../../../src/memory/embedders/resolve-embedder.js";
import { createEmbeddingsFake } from "./msw-embeddings.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function resolveWith(memorySearch: Record<string, unknown>, extra: Partial<ResolveEmbedderOptions> = {}) {
  const config = resolveOpenClawConfig({ agents: { defaults: { memorySearch } } }).agents.defaults.memorySearch;
  return resolveEmbedder({ config, env: {}, sleep: async () => {}, ...extra });
}

const summary = (resolution: ReturnType<typeof resolveEmbedder>) => ({
  ...resolution,
  embedder: resolution.embedder && { id: resolution.embedder.id, model: resolution.embedder.model },
});

const NO_KEY = "no API key for openai embeddings (remote.apiKey or OPENAI_API_KEY)";

describe("resolveEmbedder (memory.md §5.1)", () => {
  it("uses the 256-dimension hash embedder by default", () => {
    expect(summary(resolveWith({}))).toEqual({ embedder: { id: "hash", model: "fnv1a-256" }, mode: "hybrid" });
  });

  it("takes the hash width from an fnv1a-<dims> model and ignores other model names", () => {
    expect(resolveWith({ model: "fnv1a-64" }).embedder?.dims).toBe(64);
    expect(resolveWith({ model: "text-embedding-3-small" }).embedder?.model).toBe("fnv1a-256");
    expect(resolveWith({ model: "fnv1a-0" }).embedder?.model).toBe("fnv1a-256");
  });

  it("is FTS-only on purpose for provider none, with no fallback", () => {
    expect(resolveWith({ provider: "none" })).toEqual({ mode: "fts-only" });
  });

  it("picks openai for auto when OPENAI_API_KEY is set, else hash", () => {
    expect(resolveWith({ provider: "auto" }, { env: { OPENAI_API_KEY: "sk-env" } }).embedder?.id).toBe("openai");
    expect(resolveWith({ provider: "auto", remote: { apiKey: "sk-config" } }).embedder?.id).toBe("openai");
    expect(resolveWith({ provider: "auto" }, { env: { OPENAI_API_KEY: "  " } }).embedder?.id).toBe("hash");
  });

  it("creates openai with its default model and makes no request while resolving", () => {
    const resolution = resolveWith({ provider: "openai" }, { env: { OPENAI_API_KEY: "sk-env" } });
    expect(summary(resolution)).toEqual({
      embedder: { id: "openai", model: "text-embedding-3-small" },
      mode: "hybrid",
    });
  });

  it("prefers remote.apiKey over the environment and resolves secret references", async () => {
    const fake = createEmbeddingsFake();
    server.use(fake.handler);
    const resolution = resolveWith(
      { provider: "openai", remote: { apiKey: { source: "vault", id: "embeddings" } } },
      { env: { OPENAI_API_KEY: "sk-env" }, resolveSecret: () => "sk-from-vault" },
    );
    await resolution.embedder?.embedQuery("hello");
    expect(fake.requests[0]?.headers.authorization).toBe("Bearer sk-from-vault");
  });

  it("falls back to FTS-only with the reason when openai has no key and fallback is none", () => {
    expect(resolveWith({ provider: "openai" })).toEqual({
      mode: "fts-only",
      fallback: { from: "openai", reason: NO_KEY },
    });
  });

  it("falls back to hash with the reason when openai has no key and fallback is hash", () => {
    expect(summary(resolveWith({ provider: "openai", fallback: "hash" }))).toEqual({
      embedder: { id: "hash", model: "fnv1a-256" },
      mode: "hybrid",
      fallback: { from: "openai", reason: NO_KEY },
    });
  });

  it("reports any other setup error as unavailable", () => {
    const resolution = resolveWith(
      { provider: "openai", remote: { baseUrl: "ftp://example.com" } },
      {
        env: { OPENAI_API_KEY: "sk-env" },
      },
    );
    expect(resolution).toEqual({
      mode: "fts-only",
      unavailable: 'remote.baseUrl must be an http(s) URL, found "ftp://example.com"',
    });
  });

  it("passes the base URL, model and headers to the openai embedder", async () => {
    const fake = createEmbeddingsFake({ baseURL: "http://127.0.0.1:8080/v1" });
    server.use(fake.handler);
    const resolution = resolveWith(
      {
        provider: "openai",
        model: "bge-small",
        remote: { baseUrl: "http://127.0.0.1:8080/v1", headers: { "X-Org": "a" } },
      },
      { env: { OPENAI_API_KEY: "sk-env" } },
    );
    await resolution.embedder?.embedBatch(["x"]);
    expect(fake.requests[0]?.body.model).toBe("bge-small");
    expect(fake.requests[0]?.headers["x-org"]).toBe("a");
  });
});
