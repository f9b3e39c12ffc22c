import { createSessionContext, type SessionContext } from "../../src/agent/create-session-context.js";
import { resolveSessionContextSettings } from "../../src/agent/resolve-session-context-settings.js";
import type { Summarize } from "../../src/context/summarize-in-stages.js";
import type { Model, Runtime } from "../../src/domain/index.js";

/**
 * The context step a bare `runAgentLoop` test needs: a fresh session transcript under the
 * runtime's state dir with default settings, and a summariser that fails (no compaction expected).
 */
export function loopContext(
  runtime: Runtime,
  model: Model,
  config: Readonly<Record<string, unknown>> = {},
): { context: SessionContext; summarize: Summarize } {
  const context = createSessionContext({
    runtime,
    agentId: "main",
    sessionId: "session-test",
    settings: resolveSessionContextSettings({ config, model }),
  });
  const summarize: Summarize = async () => {
    throw new Error("this test expects no compaction");
  };
  return { context, summarize };
}
