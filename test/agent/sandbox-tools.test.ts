import { describe, expect, it } from "vitest";
import { createTestSession } from "../support/create-test-session.js";
import { scriptedTurn } from "../support/scenario-turn.js";

async function firstRequest(config: Record<string, unknown>) {
  const { session, model } = createTestSession({
    config,
    scenarioId: "sandbox",
    unitId: "sandbox@scripted~1",
    maxSteps: 2,
  });
  await session.runTurn({ turn: scriptedTurn([{ kind: "text", text: "ok" }]) });
  return model.requests[0];
}

async function offeredTools(config: Record<string, unknown>): Promise<string[]> {
  return (await firstRequest(config))?.tools.map((tool) => tool.name) ?? [];
}

describe("sandboxed sessions (spec/loop.md §7.5)", () => {
  it("offer only what the sandbox tool policy allows", async () => {
    const open = await offeredTools({});
    expect(open).toContain("message");
    const sandboxed = await offeredTools({ agents: { defaults: { sandbox: { mode: "all" } } } });
    expect(sandboxed).not.toContain("message");
    expect(sandboxed).toEqual(expect.arrayContaining(["read", "write", "edit", "exec", "sessions_spawn"]));
  });

  it("tell the model about the sandbox in the prompt", async () => {
    const sandboxed = await firstRequest({ agents: { defaults: { sandbox: { mode: "all", workspaceAccess: "rw" } } } });
    expect(sandboxed?.systemPrompt).toContain("## Sandbox");
    expect((await firstRequest({}))?.systemPrompt).not.toContain("## Sandbox");
  });

  it("leave the main session alone in non-main mode", async () => {
    expect(await offeredTools({ agents: { defaults: { sandbox: { mode: "non-main" } } } })).toEqual(
      await offeredTools({}),
    );
  });
});
