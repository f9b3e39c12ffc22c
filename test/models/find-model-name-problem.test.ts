import { describe, expect, it } from "vitest";
import { checkModelId } from "../../src/scenarios/check-model-id.js";

describe("live model ids with an unusable model name or base URL", () => {
  it("are refused whatever the API keys, each with the reason", () => {
    const cases: [string, string][] = [
      ["anthropic:claude\u0000x", "spaces or control characters"],
      ["anthropic:claude x", "spaces or control characters"],
      ["openai:gpt@not a url", "spaces or control characters"],
      ["openai:gpt@http://", 'an "@" that starts no base URL'],
      ["openai:gpt@ftp://example.com/v1", 'an "@" that starts no base URL'],
      ["openai:gpt@//x", 'an "@" that starts no base URL'],
      ["openai:gpt@http://exa mple.com", "unusable base URL"],
      ["openai:@http://127.0.0.1:9/v1", "names no model"],
    ];
    for (const [id, reason] of cases) expect(checkModelId(id)?.problem, id).toContain(reason);
  });

  it("accept ordinary names, Ollama-style names with a colon, and http(s) base URLs", () => {
    for (const id of [
      "anthropic:claude-sonnet-4-5",
      "openai:gpt-4o",
      "openai:llama3.2:3b@http://localhost:11434/v1",
      "openai:gpt@https://x.example/v1",
    ]) {
      expect(checkModelId(id), id).toBeUndefined();
    }
  });
});
