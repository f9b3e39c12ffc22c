import { describe, expect, it } from "vitest";
import { runAgentLoop } from "../../src/agent/run-agent-loop.js";
import type { AgentEvent } from "../../src/domain/index.js";
import { createModel } from "../../src/models/create-model.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { createBuiltinTools } from "../../src/tools/create-builtin-tools.js";
import { loopContext } from "../support/loop-context.js";
import { callContext } from "../support/scenario-turn.js";

/**
 * Live provider round trips. They run only with CLAW_EVAL_LIVE=1 and the provider's key set,
 * and never fail CI for lack of a key. Models can be chosen with CLAW_EVAL_LIVE_ANTHROPIC_MODEL
 * and CLAW_EVAL_LIVE_OPENAI_MODEL.
 */
const live = process.env.CLAW_EVAL_LIVE === "1";
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;

const providers = [
  { id: `anthropic:${env.CLAW_EVAL_LIVE_ANTHROPIC_MODEL ?? "claude-3-5-haiku-latest"}`, key: "ANTHROPIC_API_KEY" },
  { id: `openai:${env.CLAW_EVAL_LIVE_OPENAI_MODEL ?? "gpt-4o-mini"}`, key: "OPENAI_API_KEY" },
];

describe("live providers", () => {
  for (const provider of providers) {
    it.runIf(live && Boolean(env[provider.key]))(`${provider.id}: one tool round trip`, async () => {
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
