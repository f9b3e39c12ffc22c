import { describe, expect, it } from "vitest";
import { runAgentLoop } from "../../src/agent/run-agent-loop.js";
import type { AgentEvent } from "../../src/domain/index.js";
import { createModel } from "../../src/models/create-model.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { createBuiltinTools } from "../../src/tools/create-builtin-tools.js";
import { loopContext } from "../support/loop-context.js";
import { callContext } from "../support/scenario-turn.js";

/**
 * Live provider round trips: `npm run test:live` (its own vitest config, outside `npm test`).
 * One test per provider whose key is set; with no key at all, one test fails and says which keys
 * to set. Models can be chosen with CLAW_EVAL_LIVE_ANTHROPIC_MODEL and CLAW_EVAL_LIVE_OPENAI_MODEL.
 */
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;

const providers = [
  { id: `anthropic:${env.CLAW_EVAL_LIVE_ANTHROPIC_MODEL ?? "claude-3-5-haiku-latest"}`, key: "ANTHROPIC_API_KEY" },
  { id: `openai:${env.CLAW_EVAL_LIVE_OPENAI_MODEL ?? "gpt-4o-mini"}`, key: "OPENAI_API_KEY" },
];

const withKeys = providers.filter((provider) => Boolean(env[provider.key]));

describe("live providers", () => {
  if (withKeys.length === 0) {
    it("has a provider key to test with", () => {
      throw new Error(`set ${providers.map((provider) => provider.key).join(" or ")} to run the live tests`);
    });
  }
  for (const provider of withKeys) {
    it(`${provider.id}: one tool round trip`, async () => {
      const created = createModel(provider.id, { env, timeoutMs: 60_000 });
      if (!created.ok) throw new Error(created.error);
      const runtime = createTestRuntime({ files: { "note.md": "The secret word is pelican.\n" } });
      const events: AgentEvent[] = [];
      const outcome = await runAgentLoop({
        runtime,
        model: created.model,
        tools: [createBuiltinTools().read],
        systemPrompt: "You are a test agent. Use the read tool to answer questions about files.",
        ...loopContext(runtime, created.model),
        input: { role: "user", content: "Read note.md with the read tool and tell me the secret word." },
        callContext: callContext([]),
        workspaceDir: runtime.root,
        maxSteps: 4,
        emit: (event) => events.push(event),
        runId: "live",
      });
      expect(outcome.error).toBeUndefined();
      expect(events.some((event) => event.type === "tool_execution_end" && event.toolName === "read")).toBe(true);
      expect(outcome.reply.toLowerCase()).toContain("pelican");
      expect(outcome.usage.inputTokens).toBeGreaterThan(0);
    });
  }
});
