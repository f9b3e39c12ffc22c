import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Model, ModelRequest } from "../../src/domain/index.js";
import { createAnthropicModel } from "../../src/models/anthropic-model.js";
import { createOpenAIModel } from "../../src/models/openai-model.js";
import { ANTHROPIC_TEST_BASE_URL } from "../support/msw-anthropic.js";
import { OPENAI_TEST_BASE_URL } from "../support/msw-openai.js";
import { callContext } from "../support/scenario-turn.js";

const KEY = "sk-live-echoed-0123456789";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function sentKey(request: Request): string {
  return (
    request.headers.get("x-api-key") ?? /^Bearer (.*)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? ""
  );
}

const REQUEST: ModelRequest = {
  systemPrompt: "You are a test.",
  messages: [{ role: "user", content: "hi" }],
  tools: [],
  context: callContext([]),
};

const MODELS: Record<"anthropic" | "openai", () => Model> = {
  anthropic: () =>
    createAnthropicModel({
      id: "anthropic:claude-test-1",
      model: "claude-test-1",
      apiKey: KEY,
      baseURL: ANTHROPIC_TEST_BASE_URL,
    }),
  openai: () => createOpenAIModel({ id: "openai:gpt-4o", model: "gpt-4o", apiKey: KEY }),
};

describe.each([401, 500])("a %i error body that echoes the key", (status) => {
  it.each(["anthropic", "openai"] as const)("comes back from %s without the key", async (provider) => {
    const message = (request: Request) => `bad key ${sentKey(request)} (?key=${encodeURIComponent(sentKey(request))})`;
    server.use(
      http.post(`${ANTHROPIC_TEST_BASE_URL}/v1/messages`, ({ request }) =>
        HttpResponse.json({ type: "error", error: { type: "api_error", message: message(request) } }, { status }),
      ),
      http.post(`${OPENAI_TEST_BASE_URL}/chat/completions`, ({ request }) =>
        HttpResponse.json({ error: { message: message(request), type: "server_error" } }, { status }),
      ),
    );
    const model = MODELS[provider]();
    const response = await model.complete(REQUEST);
    expect(response.ok).toBe(false);
    const error = response.ok ? "" : response.error.message;
    expect(error).toContain("bad key [redacted] (?key=[redacted])");
    expect(error).not.toContain(KEY);
  });
});
