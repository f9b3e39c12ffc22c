import { describe, expect, it } from "vitest";
import type { GoldenChecker } from "../../src/golden/index.js";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { runUnit } from "../../src/runner/run-unit.js";
import { UnitAbort } from "../../src/runner/unit-abort.js";
import { planOneUnit } from "../support/plan-one-unit.js";
import { makeTempDir } from "../support/run-cli.js";

interface Recorded {
  /** The `sessionId` of every `session_end` the unit's hooks saw, in order. */
  ends: string[];
  /** Hook names in the order they fired. */
  fired: string[];
}

/**
 * A one-turn unit whose hook module records the hooks that fire. `golden` adds a
 * `golden.systemPrompt` check, so the run's golden checker is called after the turn ran;
 * `onMessage` runs inside the turn, when `message_received` fires.
 */
async function setUp(options: { golden: boolean; onMessage?: () => void }) {
  const dir = makeTempDir();
  const lines = [
    "name: ends its session",
    "hooks: [./record-hooks.mjs]",
    ...(options.golden ? ["golden: { systemPrompt: ./prompt.md }"] : []),
    "turns:",
    "  - user: hello",
    "    script: [ { text: hi } ]",
    "    expect:",
    "      - reply-equals: hi",
  ];
  const unit = await planOneUnit(dir, lines, { "record-hooks.mjs": "export default function register() {}\n" });
  const recorded: Recorded = { ends: [], fired: [] };
  const hookModule = {
    default(api: { on(name: string, handler: (event: Record<string, unknown>) => void): void }) {
      api.on("message_received", () => {
        recorded.fired.push("message_received");
        options.onMessage?.();
      });
      api.on("session_end", (event) => {
        recorded.fired.push("session_end");
        recorded.ends.push(String(event.sessionId));
      });
    },
  };
  const importModule = async (path: string): Promise<Record<string, unknown>> => {
    if (path.endsWith("record-hooks.mjs")) return hookModule;
    throw new Error(`unexpected import of ${path}`);
  };
  return { dir, unit, recorded, importModule };
}

/** A checker that breaks its never-rejects contract: an internal failure after the turn ran. */
const brokenGolden: GoldenChecker = {
  check: async () => {
    throw new Error("the golden store went away");
  },
};

describe("runUnit ends its session however the unit ends", () => {
  it("fires session_end once for a unit that passes", async () => {
    const { dir, unit, recorded, importModule } = await setUp({ golden: false });
    const result = await runUnit({
      unit,
      host: createTestHost({ cwd: dir }),
      signal: new AbortController().signal,
      importModule,
      displayFile: "unit.yaml",
    });
    expect(result.status).toBe("passed");
    expect(recorded.fired).toEqual(["message_received", "session_end"]);
    expect(recorded.ends).toHaveLength(1);
    expect(result.sessions?.[0]?.sessionId).toBe(recorded.ends[0]);
  });

  it("fires session_end once when the unit throws after its turn ran, and reports that error", async () => {
    const { dir, unit, recorded, importModule } = await setUp({ golden: true });
    const result = await runUnit({
      unit,
      host: createTestHost({ cwd: dir }),
      signal: new AbortController().signal,
      importModule,
      displayFile: "unit.yaml",
      golden: brokenGolden,
    });
    expect(result.status).toBe("errored");
    expect(result.error).toBe("the golden store went away");
    expect(recorded.fired).toEqual(["message_received", "session_end"]);
    expect(result.turns.map((turn) => turn.reply)).toEqual(["hi"]);
    // The session's end is no turn's: its hook notices stay out of the turn's events.
    expect(result.turns[0]?.events.some((event) => event.type === "hook_called" && event.hook === "session_end")).toBe(
      false,
    );
  });

  it("fires session_end once for a unit interrupted during its turn", async () => {
    const controller = new AbortController();
    const { dir, unit, recorded, importModule } = await setUp({
      golden: false,
      onMessage: () => controller.abort(new UnitAbort("interrupt", "interrupted by the user")),
    });
    const result = await runUnit({
      unit,
      host: createTestHost({ cwd: dir }),
      signal: controller.signal,
      importModule,
      displayFile: "unit.yaml",
    });
    expect(result).toMatchObject({ status: "interrupted", error: "interrupted by the user" });
    expect(recorded.fired).toEqual(["message_received", "session_end"]);
    expect(result.turns).toHaveLength(1);
  });
});
