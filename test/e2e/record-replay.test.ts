import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { makeTempDir, runCliProcess } from "../support/run-cli.js";

const KEY = "sk-ant-test-SECRET-4f9c2e";

/** A loopback stand-in for the Messages API: a tool call first, then a final text. */
function startFakeAnthropic(): Promise<{ server: Server; url: string; calls: { auth: string | undefined }[] }> {
  const calls: { auth: string | undefined }[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      const bearer = request.headers.authorization?.replace(/^Bearer /, "");
      calls.push({ auth: (request.headers["x-api-key"] as string | undefined) ?? bearer });
      const sent = JSON.parse(body) as { messages: { content: unknown }[] };
      const hasToolResult = JSON.stringify(sent.messages).includes("tool_result");
      const content = hasToolResult
        ? [{ type: "text", text: "The note says: buy milk." }]
        : [{ type: "tool_use", id: "toolu_01", name: "read", input: { path: "note.md" } }];
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: `msg_${calls.length}`,
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-20250514",
          content,
          stop_reason: hasToolResult ? "end_turn" : "tool_use",
          stop_sequence: null,
          usage: {
            input_tokens: 1000,
            output_tokens: 50,
            cache_read_input_tokens: 200,
            cache_creation_input_tokens: 0,
          },
        }),
      );
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, calls });
    });
  });
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function onlyResult(out: string): RunResult {
  const [run] = readdirSync(out).filter((entry) => !entry.startsWith("history"));
  return JSON.parse(readFileSync(join(out, run ?? "", "results.json"), "utf8")) as RunResult;
}

describe("record and replay through the real CLI", () => {
  let fake: Awaited<ReturnType<typeof startFakeAnthropic>>;
  beforeAll(async () => {
    fake = await startFakeAnthropic();
  });
  afterAll(() => {
    fake.server.close();
  });

  it("records live responses, replays them with no key and no network, and never writes the key", async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, "note.md"), "buy milk\n");
    writeFileSync(
      join(dir, "read-note.yaml"),
      [
        "name: reads the note",
        "workspace: .",
        "turns:",
        "  - user: What does note.md say?",
        "    expect:",
        "      - tool-called: { name: read, input: { path: note.md } }",
        "      - reply-contains: buy milk",
      ].join("\n"),
    );
    const model = "anthropic:claude-sonnet-4-20250514";
    const recordOut = join(dir, "out-record");
    const record = await runCliProcess(["run", "read-note.yaml", "--model", model, "--record", "--out", recordOut], {
      cwd: dir,
      env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, CI: "true" },
    });
    expect(record.stderr).toBe("");
    expect(record.code).toBe(0);
    expect(fake.calls.map((call) => call.auth)).toEqual([KEY, KEY]);
    const recorded = onlyResult(recordOut);
    expect(recorded.units[0]?.usage).toEqual({
      inputTokens: 2000,
      outputTokens: 100,
      cacheReadTokens: 400,
      cacheWriteTokens: 0,
    });
    expect(recorded.units[0]?.costUsd).toBeGreaterThan(0);
    const cassette = join(dir, "cassettes/read-note/anthropic_claude-sonnet-4-20250514/1.json");
    expect(statSync(cassette).isFile()).toBe(true);

    fake.server.close();
    const replayOut = join(dir, "out-replay");
    const replay = await runCliProcess(["run", "read-note.yaml", "--model", model, "--replay", "--out", replayOut], {
      cwd: dir,
      env: { ANTHROPIC_API_KEY: undefined, ANTHROPIC_BASE_URL: "http://127.0.0.1:9", CI: "true" },
    });
    expect(replay.stderr).toBe("");
    expect(replay.code).toBe(0);
    expect(onlyResult(replayOut).units[0]?.turns[0]?.reply).toBe("The note says: buy milk.");

    for (const file of listFiles(dir))
      expect({ file, leaked: readFileSync(file).includes(KEY) }).toEqual({ file, leaked: false });
  });

  it("exits 2 naming the model when its key is missing, unless replaying", async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, "s.yaml"), "name: s\nturns:\n  - user: hi\n");
    const run = await runCliProcess(["run", "s.yaml", "--model", "openai:gpt-4o", "--out", join(dir, "o")], {
      cwd: dir,
      env: { OPENAI_API_KEY: undefined, CI: "true" },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("model openai:gpt-4o needs OPENAI_API_KEY");
    const replay = await runCliProcess(
      ["run", "s.yaml", "--model", "openai:gpt-4o", "--replay", "--out", join(dir, "o")],
      {
        cwd: dir,
        env: { OPENAI_API_KEY: undefined, CI: "true" },
      },
    );
    expect(replay.code).toBe(1);
    expect(JSON.stringify(onlyResult(join(dir, "o")).units[0])).toContain("record it first with --record");
  });
});
