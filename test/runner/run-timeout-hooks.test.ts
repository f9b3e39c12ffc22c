// The run timeout (agents.defaults.timeoutSeconds) on the simulated clock also ends a run held
// by a plugin hook: the wall time a handler takes counts once it reaches the time left to the
// timeout, so a hook that never settles cannot hold its run, and the unit goes on.
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/domain/index.js";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { runUnit } from "../../src/runner/run-unit.js";
import { planOneUnit } from "../support/plan-one-unit.js";
import { makeTempDir } from "../support/run-cli.js";

type Hook = "before_tool_call" | "before_prompt_build";

async function runWithHangingHook(hook: Hook) {
  const dir = makeTempDir();
  const unit = await planOneUnit(
    dir,
    [
      "name: a hook that never settles",
      "hooks: [./hang.mjs]",
      "config: { agents: { defaults: { timeoutSeconds: 0.2 } } }",
      "turns:",
      "  - user: write it",
      "    script:",
      "      - { tool: write, input: { path: note.md, content: x } }",
      "      - { text: done }",
      "  - user: and now?",
      "    script: [ { text: still here } ]",
    ],
    { "hang.mjs": "export default function register() {}\n" },
  );
  let calls = 0;
  const module = {
    default(api: { on(name: string, handler: () => unknown): void }) {
      api.on(hook, () => {
        calls++;
        // The first call never settles; later runs go through.
        return calls === 1 ? new Promise<never>(() => {}) : undefined;
      });
    },
  };
  const result = await runUnit({
    unit,
    host: createTestHost({ cwd: dir }),
    signal: new AbortController().signal,
    importModule: async () => module,
    displayFile: "unit.yaml",
  });
  return { result };
}

const ofType = <T extends AgentEvent["type"]>(events: readonly AgentEvent[], type: T) =>
  events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);

describe("the run timeout ends a run held by a hook that never settles", () => {
  for (const hook of ["before_tool_call", "before_prompt_build"] as const) {
    it(`${hook}: run_timeout, an aborted run, nothing written, and the next turn answers`, async () => {
      const { result } = await runWithHangingHook(hook);
      expect(result.status).toBe("passed");
      const [held, next] = result.turns;
      const events = held?.events ?? [];
      expect(ofType(events, "run_timeout")).toEqual([expect.objectContaining({ timeoutMs: 200 })]);
      expect(ofType(events, "agent_end")).toEqual([
        expect.objectContaining({
          success: false,
          stopReason: "aborted",
          error: "run timed out after 0.2 s (agents.defaults.timeoutSeconds)",
        }),
      ]);
      expect(held?.delivered).toBeNull();
      // The write never ran: its call (if the model got that far) ended as aborted.
      const ends = ofType(events, "tool_execution_end");
      expect(ends.every((event) => event.isError)).toBe(true);
      // before_tool_call held the write itself; before_prompt_build held the run before any call.
      expect(ends.map((event) => event.toolName)).toEqual(hook === "before_tool_call" ? ["write"] : []);
      expect(next?.reply).toBe("still here");
      expect(ofType(next?.events ?? [], "run_timeout")).toEqual([]);
    });
  }
});
