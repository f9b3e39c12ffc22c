import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Model, ModelRequest, ModelResponse } from "../../src/domain/index.js";
import { ZERO_USAGE } from "../../src/domain/index.js";
import { cassettePath } from "../../src/models/cassette-path.js";
import { createCassetteStore } from "../../src/models/cassette-store.js";
import { createReplayModel } from "../../src/models/create-replay-model.js";
import type { CassettePathPlaceholder } from "../../src/models/normalise-cassette-text.js";
import { withCassetteRecording } from "../../src/models/with-cassette-recording.js";
import { createNodeFileSystem } from "../../src/platform/node-file-system.js";
import { callContext } from "../support/scenario-turn.js";

const fs = createNodeFileSystem();
const SECRET = "sk-ant-test-0123456789abcdef";
let root = "";

beforeEach(async () => {
  root = await fs.makeTempDirectory("cassette-test-");
});
afterEach(async () => {
  await fs.remove(root);
});

interface Run {
  workspace: string;
  home: string;
  paths: CassettePathPlaceholder[];
}

function newRun(name: string): Run {
  const workspace = join(root, `claw-eval-unit-${name}`);
  const home = `${workspace}.home`;
  return {
    workspace,
    home,
    paths: [
      [workspace, "<workspace>"],
      [home, "~"],
    ],
  };
}

function text(value: string): ModelResponse {
  return {
    ok: true,
    message: { role: "assistant", content: [{ type: "text", text: value }], stopReason: "end_turn" },
    usage: { ...ZERO_USAGE, inputTokens: 10, outputTokens: 2 },
    costUsd: 0.001,
  };
}

function request(run: Run, userText: string, turnIndex = 0, repeat = 0): ModelRequest {
  return {
    systemPrompt: `Workspace: ${run.workspace}\nToday is 2025-01-02.`,
    messages: [{ role: "user", content: userText }],
    tools: [{ name: "read", description: "Read a file.", inputSchema: { type: "object" } }],
    context: callContext([], { turnIndex, repeat }),
  };
}

/** A fake provider: reads the workspace's notes on "read", fails on "fail", else echoes. */
function fakeProvider(run: Run): Model & { calls: number } {
  const model = {
    id: "anthropic:claude-x",
    calls: 0,
    async complete(call: ModelRequest): Promise<ModelResponse> {
      model.calls += 1;
      const last = call.messages.at(-1);
      const said = last?.role === "user" ? last.content : "";
      if (said === "fail")
        return { ok: false, error: { kind: "server", status: 529, message: "overloaded", retryable: true } };
      if (said === "read") {
        return {
          ok: true,
          message: {
            role: "assistant",
            content: [{ type: "tool_call", id: "toolu_1", name: "read", input: { path: `${run.workspace}/notes.md` } }],
            stopReason: "tool_use",
          },
          usage: ZERO_USAGE,
          costUsd: 0,
        };
      }
      return text(`echo ${said} (key ${SECRET})`);
    },
  };
  return model;
}

describe("cassette recording and replay", () => {
  it("replays recorded responses, failures included, in order, with this run's paths, and no network", async () => {
    const store = createCassetteStore({ fs });
    const file = cassettePath({
      directory: join(root, "cassettes"),
      scenarioId: "demo/a#1",
      modelId: "anthropic:claude-x",
      repeat: 0,
    });
    const first = newRun("Aa11Bb");
    const provider = fakeProvider(first);
    const recording = withCassetteRecording(provider, {
      store,
      cassettePath: file,
      paths: first.paths,
      secrets: [SECRET],
    });
    const recorded = [
      await recording.complete(request(first, "hello")),
      await recording.complete(request(first, "fail")),
      await recording.complete(request(first, "fail")),
      await recording.complete(request(first, "read")),
    ];
    await recording.flush();
    expect(provider.calls).toBe(4);
    expect(file).toBe(join(root, "cassettes/demo/a#1/anthropic_claude-x/1.json"));

    const second = newRun("Cc22Dd");
    const replay = createReplayModel({ id: "anthropic:claude-x", store, cassettePath: file, paths: second.paths });
    const replayed = [
      await replay.complete(request(second, "hello")),
      await replay.complete(request(second, "fail")),
      await replay.complete(request(second, "fail")),
      await replay.complete(request(second, "read")),
    ];
    expect(replayed.slice(0, 3)).toEqual([text("echo hello (key [redacted])"), recorded[1], recorded[2]]);
    expect(replayed[3]).toEqual({
      ok: true,
      message: {
        role: "assistant",
        content: [{ type: "tool_call", id: "toolu_1", name: "read", input: { path: `${second.workspace}/notes.md` } }],
        stopReason: "tool_use",
      },
      usage: ZERO_USAGE,
      costUsd: 0,
    });
    const again = await replay.complete(request(second, "hello"));
    expect(again.ok === false && again.error.message).toMatch(/recorded 1 time and every recording has been served/);
  });

  it("never writes a secret, wherever it appears", async () => {
    const store = createCassetteStore({ fs });
    const file = join(root, "c/0.json");
    const run = newRun("Ee33Ff");
    const recording = withCassetteRecording(fakeProvider(run), {
      store,
      cassettePath: file,
      paths: run.paths,
      secrets: [SECRET, ""],
    });
    await recording.complete(request(run, `my key is ${SECRET}`));
    await recording.flush();
    const written = await fs.readText(file);
    expect(written).not.toContain(SECRET);
    expect(written).toContain("[redacted]");
    expect(written).not.toMatch(/authorization|x-api-key/i);
  });

  it("fails a miss with the nearest recorded request and a diff", async () => {
    const store = createCassetteStore({ fs });
    const file = join(root, "c/0.json");
    const run = newRun("Gg44Hh");
    const recording = withCassetteRecording(fakeProvider(run), { store, cassettePath: file, paths: run.paths });
    await recording.complete(request(run, "hello there", 0));
    await recording.complete(request(run, "summarise the notes", 1));
    await recording.flush();

    const replay = createReplayModel({ id: "anthropic:claude-x", store, cassettePath: file, paths: run.paths });
    const miss = await replay.complete(request(run, "summarise the notes briefly", 1));
    expect(miss.ok).toBe(false);
    if (miss.ok) return;
    expect(miss.error.kind).toBe("other");
    expect(miss.error.retryable).toBe(false);
    expect(miss.error.message).toContain(`cassette ${file} has no recording of this request (turn 2, repeat 1`);
    expect(miss.error.message).toContain("Nearest recorded request: interaction 2 of 2 (turn 2), 2 lines differ:");
    expect(miss.error.message).toContain("-  summarise the notes\n+  summarise the notes briefly");
    expect(miss.error.message).toContain("--- recorded\n+++ request\n@@ ");
  });

  it("names the missing cassette file and says to record", async () => {
    const file = join(root, "nothing/0.json");
    const run = newRun("Ii55Jj");
    const replay = createReplayModel({
      id: "openai:gpt-x",
      store: createCassetteStore({ fs }),
      cassettePath: file,
      paths: [],
    });
    expect(await replay.complete(request(run, "hello"))).toEqual({
      ok: false,
      error: {
        kind: "other",
        retryable: false,
        message: `no cassette at ${file} for model openai:gpt-x: record it first with --record`,
      },
    });
  });

  it("reports an invalid cassette file as an error result", async () => {
    const file = join(root, "bad/0.json");
    await fs.writeText(file, '{"version": 1, "model": "m", "interactions": [{"key": "x"}]}');
    const replay = createReplayModel({ id: "m", store: createCassetteStore({ fs }), cassettePath: file, paths: [] });
    const result = await replay.complete(request(newRun("Kk66Ll"), "hello"));
    expect(result.ok === false && result.error.message).toMatch(
      /cassette .*bad\/0\.json is invalid: interactions\.0\.key/,
    );
  });

  it("records each repeat in its own file", async () => {
    const store = createCassetteStore({ fs });
    const directory = join(root, "cassettes");
    const run = newRun("Mm77Nn");
    for (const repeat of [0, 1]) {
      const file = cassettePath({ directory, scenarioId: "demo", modelId: "anthropic:claude-x", repeat });
      const recording = withCassetteRecording(fakeProvider(run), { store, cassettePath: file, paths: run.paths });
      await recording.complete(request(run, `hello ${repeat}`, 0, repeat));
      await recording.flush();
    }
    const folder = join(directory, "demo/anthropic_claude-x");
    expect((await fs.readDirectory(folder)).map((entry) => entry.name)).toEqual(["1.json", "2.json"]);
    const replay = createReplayModel({
      id: "anthropic:claude-x",
      store,
      cassettePath: join(folder, "2.json"),
      paths: run.paths,
    });
    expect(await replay.complete(request(run, "hello 1", 0, 1))).toEqual(text(`echo hello 1 (key ${SECRET})`));
    const wrongRepeat = await replay.complete(request(run, "hello 1", 0, 0));
    expect(wrongRepeat.ok).toBe(false);
  });
});
