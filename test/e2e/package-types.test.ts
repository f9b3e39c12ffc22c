import { execFile } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { cliTimeout, makeTempDir, PROJECT_ROOT } from "../support/run-cli.js";

const TSC = join(PROJECT_ROOT, "node_modules/typescript/bin/tsc");

const CHECK = `import type { AgentEvent, AgentEventOf, CheckContext, CheckFunction, CheckOutcome, ToolCall } from "claw-eval";

export function wroteOnce(input: CheckContext): CheckOutcome {
  const writes: readonly ToolCall[] = input.toolCalls.filter((call) => call.name === "write");
  const path: unknown = writes[0]?.input.path;
  const failed = writes.filter((call) => call.isError || call.output?.isError === true);
  const ends = input.events.filter((event): event is AgentEventOf<"tool_execution_end"> => event.type === "tool_execution_end");
  const options = input.options as { path?: string };
  return {
    pass: writes.length === 1 && failed.length === 0 && path === options.path,
    message: \`\${ends.length} tool results, reply \${input.reply.length} chars, turn \${input.turn.index}\`,
    actual: input.delivered ?? "nothing delivered",
  };
}

export const asyncCheck: CheckFunction = async (input) => input.scenario.name.length > 0;

export function kinds(events: readonly AgentEvent[]): string[] {
  return events.map((event) => event.type);
}

// @ts-expect-error a check's input has no field "replies"
export const misspelt = (input: CheckContext) => input.replies;
`;

const HOOK = `import type { HookApi, HookModule } from "claw-eval";

const guard: HookModule = {
  id: "guard",
  register(api: HookApi) {
    api.on(
      "before_tool_call",
      (event, context) =>
        event.toolName === "exec" && context.toolName === "exec" ? { block: true, blockReason: "no exec" } : undefined,
      { priority: 10 },
    );
    api.on("message_sending", (event) => ({ content: event.content.toUpperCase() }));
  },
};
export default guard;

export function wrongHook(api: HookApi): void {
  // @ts-expect-error "before_tool_cal" is not a hook name
  api.on("before_tool_cal", () => undefined);
}

export function wrongResult(api: HookApi): void {
  // @ts-expect-error a message_sending handler may not return a number as content
  api.on("message_sending", () => ({ content: 3 }));
}
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    types: [],
    skipLibCheck: false,
  },
  include: ["*.ts"],
};

describe("package types", () => {
  it(
    "a TypeScript project type-checks custom checks and hook modules against the built declarations of the package",
    async () => {
      const dir = makeTempDir("claw-eval-types-");
      mkdirSync(join(dir, "node_modules"));
      symlinkSync(PROJECT_ROOT, join(dir, "node_modules/claw-eval"), "dir");
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", type: "module", private: true }));
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG));
      writeFileSync(join(dir, "check.ts"), CHECK);
      writeFileSync(join(dir, "hook.ts"), HOOK);
      const run = promisify(execFile);
      const result = await run(process.execPath, [TSC, "-p", dir], { cwd: dir }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? "" }),
      );
      expect(result).toEqual({ code: 0, stdout: "" });
    },
    cliTimeout(2),
  );

  it("the package entry names the declarations and keeps the bin", async () => {
    const { readFile } = await import("node:fs/promises");
    const manifest = JSON.parse(await readFile(join(PROJECT_ROOT, "package.json"), "utf8"));
    expect({ types: manifest.types, entry: manifest.exports["."], bin: manifest.bin }).toEqual({
      types: "./dist/src/index.d.ts",
      entry: { types: "./dist/src/index.d.ts", default: "./dist/src/index.js" },
      bin: { "claw-eval": "dist/src/cli/bin.js" },
    });
  });
});
