// Guards against a hook that never settles holding its unit after a timeout or an interrupt:
// a void hook, a modifying hook, a register function and a module import that hang must all
// let runUnit return with the abort's status, on its own rather than through the runner's grace.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TOOL_ABORTED_TEXT } from "../../src/agent/execute-tool-call.js";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { runUnit } from "../../src/runner/run-unit.js";
import { UnitAbort } from "../../src/runner/unit-abort.js";
import { planOneUnit, recordTempDirectories } from "../support/plan-one-unit.js";
import { makeTempDir } from "../support/run-cli.js";

type Hang = "message_received" | "before_tool_call" | "register" | "import";

const never = () => new Promise<never>(() => {});

/** A one-turn unit (a write, then a reply) whose hook module hangs at `hang` and aborts the unit as it does. */
async function runHanging(hang: Hang) {
  const dir = makeTempDir();
  const unit = await planOneUnit(
    dir,
    [
      "name: hanging hook",
      "hooks: [./hang.mjs]",
      "turns:",
      "  - user: write it",
      "    script:",
      "      - { tool: write, input: { path: note.md, content: x } }",
      "      - { text: done }",
    ],
    { "hang.mjs": "export default function register() {}\n" },
  );
  const controller = new AbortController();
  const timeOut = () => controller.abort(new UnitAbort("timeout", "timed out after 1 s"));
  const module = {
    default(api: { on(name: string, handler: () => unknown): void }) {
      if (hang === "register") {
        timeOut();
        return never();
      }
      if (hang === "message_received" || hang === "before_tool_call") {
        api.on(hang, () => {
          timeOut();
          return never();
        });
      }
      return undefined;
    },
  };
  const importModule = async (): Promise<Record<string, unknown>> => {
    if (hang !== "import") return module;
    timeOut();
    return never();
  };
  const result = await runUnit({
    unit,
    host: createTestHost({ cwd: dir }),
    signal: controller.signal,
    importModule,
    displayFile: "unit.yaml",
  });
  return { result, dir };
}

describe("runUnit with a hook that never settles", () => {
  for (const hang of ["message_received", "before_tool_call", "register", "import"] as const) {
    it(`returns with the timeout when ${hang} hangs`, async () => {
      const { result } = await runHanging(hang);
      expect(result).toMatchObject({ status: "errored", error: "timed out after 1 s" });
    });
  }

  it("does not run a tool whose before_tool_call hook was still pending at the abort", async () => {
    const { result } = await runHanging("before_tool_call");
    expect(result).toMatchObject({ status: "errored", error: "timed out after 1 s" });
    // The call was dispatched, but the tool never ran: its result says the run stopped first.
    const ends = result.turns.flatMap((turn) => turn.events).filter((event) => event.type === "tool_execution_end");
    expect(ends).toEqual([
      expect.objectContaining({
        toolName: "write",
        isError: true,
        result: expect.objectContaining({ content: [{ type: "text", text: TOOL_ABORTED_TEXT }] }),
      }),
    ]);
  });
});

describe("runUnit with a custom check that never settles", () => {
  it("returns with the interrupt, keeps the turn, and removes its temp folders", async () => {
    const dir = makeTempDir();
    const unit = await planOneUnit(
      dir,
      [
        "name: hanging check",
        "turns:",
        "  - user: hello",
        "    script: [ { text: hi } ]",
        "    expect:",
        "      - custom: ./hang.mjs",
      ],
      { "hang.mjs": "export default function check() {}\n" },
    );
    const controller = new AbortController();
    const host = createTestHost({ cwd: dir });
    const made = recordTempDirectories(host.fs);
    const result = await runUnit({
      unit,
      host,
      signal: controller.signal,
      importModule: async () => ({
        default: () => {
          controller.abort(new UnitAbort("interrupt", "interrupted"));
          return never();
        },
      }),
      displayFile: "unit.yaml",
    });
    expect(result).toMatchObject({ status: "interrupted", error: "interrupted" });
    expect(result.turns.map((turn) => turn.reply)).toEqual(["hi"]);
    expect(made).toHaveLength(1);
    expect(existsSync(made[0]!)).toBe(false);
  });
});
