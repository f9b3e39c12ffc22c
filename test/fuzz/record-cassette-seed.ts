import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { cassettePath as cassetteFilePath } from "../../src/models/cassette-path.js";
import type { CassetteSeed } from "./cassette-classes.js";
import { SCENARIO_FILE } from "./fuzz-layout.js";
import type { FuzzSandbox } from "./fuzz-sandbox.js";
import type { Transport } from "./fuzz-transport.js";
import type { FuzzFile } from "./fuzz-types.js";
import { renderYaml, runArgv } from "./scenario-document.js";

const MODEL = "anthropic:claude-fuzz";
const KEY = "sk-ant-fuzz-seed-7d3e91b04c";

const SEED_FILES: readonly FuzzFile[] = [
  {
    path: SCENARIO_FILE,
    content: renderYaml({
      name: "cassette",
      workspace: "ws",
      models: [MODEL],
      turns: [{ user: "What does note.md say?", expect: [{ "reply-contains": "milk" }] }],
    }),
  },
  { path: "suite/ws/note.md", content: "buy milk\n" },
];

/** A loopback stand-in for the Messages API: a `read` tool call, then a final text. */
function startFakeAnthropic(): Promise<{ url: string; close: () => void }> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      const answered = body.includes("tool_result");
      const content = answered
        ? [{ type: "text", text: "The note says: buy milk." }]
        : [{ type: "tool_use", id: "toolu_01", name: "read", input: { path: "note.md" } }];
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: "msg_fuzz",
          type: "message",
          role: "assistant",
          model: "claude-fuzz",
          content,
          stop_reason: answered ? "end_turn" : "tool_use",
          stop_sequence: null,
          usage: { input_tokens: 100, output_tokens: 10 },
        }),
      );
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

/**
 * Records the cassette the cassette classes mutate, with the real `--record` path against a
 * loopback server, so its keys match what replay computes. Throws when recording fails.
 */
export async function recordCassetteSeed(options: {
  sandbox: FuzzSandbox;
  transport: Transport;
}): Promise<CassetteSeed> {
  const server = await startFakeAnthropic();
  const input = options.sandbox.prepare("cassette-seed", SEED_FILES);
  try {
    const result = await options.transport.run({
      cwd: input.dir,
      // The recording must succeed: a unit timeout a loaded machine cannot hit (a later --timeout wins).
      argv: runArgv(SCENARIO_FILE, ["--record", "--timeout", "120"]),
      env: { ...input.env, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url },
      deadlineMs: 120_000,
    });
    // Where the run records the first repeat of scenario `s` on MODEL.
    const cassettePath = cassetteFilePath({ directory: "suite/cassettes", scenarioId: "s", modelId: MODEL, repeat: 0 });
    if (result.code !== 0)
      throw new Error(`recording the seed cassette failed (exit ${result.code}): ${result.stderr}${result.stdout}`);
    const cassette = JSON.parse(readFileSync(join(input.dir, cassettePath), "utf8")) as Record<string, unknown>;
    return { files: SEED_FILES, cassettePath, cassette };
  } finally {
    server.close();
    options.sandbox.discard(input);
  }
}
