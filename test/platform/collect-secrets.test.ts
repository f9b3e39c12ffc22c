import { describe, expect, it } from "vitest";
import { collectConfigSecrets, collectEnvSecrets, isCredentialName } from "../../src/platform/collect-secrets.js";

describe("isCredentialName", () => {
  it("knows credential names by a word's ending, not by any substring", () => {
    const names = [
      "ANTHROPIC_API_KEY",
      "OPENAI_API_KEY",
      "GITHUB_TOKEN",
      "AWS_SECRET_ACCESS_KEY",
      "PGPASSWORD",
      "NPM_AUTH",
      "apiKey",
      "x-api-key",
      "Authorization",
      "ownerDisplaySecret",
      "GIT_AUTHOR_NAME",
      "tokenizer",
      "reserveTokens",
      "PWD",
      "KEYBOARD_LAYOUT",
      "HOME",
    ];
    expect(names.filter(isCredentialName)).toEqual(names.slice(0, 10));
  });
});

describe("collectEnvSecrets", () => {
  it("takes the values of credential-looking variables, and a bearer token on its own too", () => {
    const env = {
      ANTHROPIC_API_KEY: " sk-ant-0123456789 ",
      OPENAI_API_KEY: "sk-oai-0123456789",
      SERVICE_AUTH: "Bearer tok-0123456789",
      HOME: "/home/someone",
      GIT_AUTHOR_NAME: "Some Person",
    };
    expect(collectEnvSecrets(env)).toEqual([
      "sk-ant-0123456789",
      "sk-oai-0123456789",
      "Bearer tok-0123456789",
      "tok-0123456789",
    ]);
  });
});

describe("collectConfigSecrets", () => {
  it("finds provider keys, memory remote keys and headers, skill env tokens at any depth", () => {
    const config = {
      models: { providers: { acme: { apiKey: "acme-key-0123456789", baseUrl: "https://acme.test/v1" } } },
      agents: {
        defaults: {
          memorySearch: {
            remote: {
              apiKey: "embed-key-0123456789",
              headers: { Authorization: "Bearer hdr-token-0123456789", "X-Team": "research-team" },
            },
            store: { fts: { tokenizer: "trigram-unicode" } },
            chunking: { tokens: 400 },
          },
        },
        list: [{ id: "main", memorySearch: { remote: { apiKey: { source: "env", id: "EMBED_KEY_VARIABLE" } } } }],
      },
      skills: { entries: { weather: { env: { WEATHER_API_TOKEN: "wx-0123456789" } } } },
    };
    expect(collectConfigSecrets(config)).toEqual([
      "acme-key-0123456789",
      "embed-key-0123456789",
      "Bearer hdr-token-0123456789",
      "hdr-token-0123456789",
      "wx-0123456789",
    ]);
  });
});
