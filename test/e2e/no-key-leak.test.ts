import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HttpResponse, http } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeHtml } from "../../src/platform/escape-html.js";
import { ANTHROPIC_TEST_BASE_URL, anthropicMessage } from "../support/msw-anthropic.js";
import { OPENAI_TEST_BASE_URL, openAICompletion } from "../support/msw-openai.js";
import { type CliResult, cliTimeout, makeTempDir, runCliProcess } from "../support/run-cli.js";
import { type MswServer, serveMswHandlers } from "../support/serve-msw-handlers.js";

// Keys with characters that JSON, URLs and HTML each write differently; the alphanumeric head
// and tail are found in any encoding, so even a cut-off piece of a key shows up in the scan.
const ANTHROPIC_KEY = 'sk-ant-e2eHEAD+/="q"~\\&<x>e2eTAILant';
const OPENAI_KEY = 'sk-oai-e2eHEAD+/="q"~\\&<x>e2eTAILoai';
const MODES = ["401", "500", "reply", "tool"] as const;
type Mode = (typeof MODES)[number];

function encodedForms(key: string): string[] {
  const json = JSON.stringify(key).slice(1, -1);
  const url = encodeURIComponent(key);
  const lowerHexUrl = url.replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase());
  return [key, json, url, lowerHexUrl, escapeHtml(key), key.slice(0, 14), key.slice(-10)];
}

function modeOf(messages: unknown): Mode {
  const text = JSON.stringify(messages);
  return MODES.find((mode) => text.includes(`mode=${mode}.`)) ?? "reply";
}

/** What an echoing server says about the key it was sent, in several encodings. */
function echo(key: string): string {
  return `you sent ${key} (url ?key=${encodeURIComponent(key)}, html ${escapeHtml(key)}, json ${JSON.stringify({ key })})`;
}

const seen: { provider: string; mode: Mode; key: string }[] = [];

const anthropicEcho = http.post(`${ANTHROPIC_TEST_BASE_URL}/v1/messages`, async ({ request }) => {
  const bearer = /^Bearer (.*)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  const key = request.headers.get("x-api-key") ?? bearer ?? "";
  const body = (await request.json()) as { messages: unknown };
  const mode = modeOf(body.messages);
  seen.push({ provider: "anthropic", mode, key });
  const error = (status: number, type: string) =>
    HttpResponse.json({ type: "error", error: { type, message: echo(key) } }, { status });
  if (mode === "401") return error(401, "authentication_error");
  if (mode === "500") return error(500, "api_error");
  const toolDone = JSON.stringify(body.messages).includes("tool_result");
  const content =
    mode === "tool" && !toolDone
      ? [{ type: "tool_use" as const, id: "toolu_1", name: "read", input: { path: `notes/${key}.md` } }]
      : [{ type: "text" as const, text: echo(key) }];
  const stop = content[0]?.type === "tool_use" ? "tool_use" : "end_turn";
  return HttpResponse.json(
    anthropicMessage({ content, stop_reason: stop, usage: { input_tokens: 10, output_tokens: 5 } }),
  );
});

const openaiEcho = http.post(`${OPENAI_TEST_BASE_URL}/chat/completions`, async ({ request }) => {
  const key = /^Bearer (.*)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  const body = (await request.json()) as { messages: unknown };
  const mode = modeOf(body.messages);
  seen.push({ provider: "openai", mode, key });
  const error = (status: number, type: string) =>
    HttpResponse.json({ error: { message: echo(key), type, param: null, code: null } }, { status });
  if (mode === "401") return error(401, "invalid_request_error");
  if (mode === "500") return error(500, "server_error");
  const toolDone = JSON.stringify(body.messages).includes('"role":"tool"');
  const toolCalls =
    mode === "tool" && !toolDone
      ? [{ id: "call_1", name: "read", arguments: JSON.stringify({ path: `notes/${key}.md` }) }]
      : [];
  return HttpResponse.json(openAICompletion(toolCalls.length > 0 ? { toolCalls } : { content: echo(key) }));
});

function listFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? listFiles(path) : [path];
    });
}

function scenario(mode: Mode): string {
  return [
    `name: provider echoes the key (${mode})`,
    "turns:",
    `  - user: Please answer, mode=${mode}.`,
    "    expect:",
    "      - reply-contains: a phrase the server never sends",
  ].join("\n");
}

function leaksIn(outputs: readonly { name: string; text: string }[]): string[] {
  const forms = [...encodedForms(ANTHROPIC_KEY), ...encodedForms(OPENAI_KEY)];
  return outputs.flatMap(({ name, text }) =>
    forms.filter((form) => text.includes(form)).map((form) => `${name}: ${form}`),
  );
}

function readAll(files: readonly string[]): { name: string; text: string }[] {
  return files.map((file) => ({ name: file, text: readFileSync(file, "latin1") }));
}

describe("no API key reaches any output", () => {
  let anthropic: MswServer;
  let openai: MswServer;
  let dir: string;
  let run: CliResult;
  beforeAll(async () => {
    anthropic = await serveMswHandlers([anthropicEcho], { origin: ANTHROPIC_TEST_BASE_URL });
    openai = await serveMswHandlers([openaiEcho], { origin: new URL(OPENAI_TEST_BASE_URL).origin });
    dir = makeTempDir();
    // The units' temp folders go inside `dir/tmp`, so what a unit leaves behind can be scanned.
    mkdirSync(join(dir, "tmp"));
    for (const mode of MODES) writeFileSync(join(dir, `echo-${mode}.yaml`), scenario(mode));
    const models = ["--model", "anthropic:claude-test-1", "--model", "openai:gpt-test"];
    run = await runCliProcess(["run", ".", ...models, "--record", "--cassettes", "cassettes", "--out", "out"], {
      cwd: dir,
      env: {
        ANTHROPIC_API_KEY: ANTHROPIC_KEY,
        ANTHROPIC_BASE_URL: anthropic.url,
        OPENAI_API_KEY: OPENAI_KEY,
        OPENAI_BASE_URL: `${openai.url}/v1`,
        CI: "true",
        TMPDIR: join(dir, "tmp"),
      },
    });
  }, cliTimeout(1));
  afterAll(async () => {
    await anthropic.close();
    await openai.close();
  });

  it("keeps keys echoed in a 401, a 500, a reply and a tool call out of the console, reports and cassettes", () => {
    expect(run.code).toBe(1);
    for (const provider of ["anthropic", "openai"]) {
      const modes = new Set(seen.filter((call) => call.provider === provider).map((call) => call.mode));
      expect({ provider, modes: [...modes].sort() }).toEqual({ provider, modes: [...MODES].sort() });
    }
    const keys = seen.map((call) => call.key === (call.provider === "openai" ? OPENAI_KEY : ANTHROPIC_KEY));
    expect(keys).not.toContain(false);

    const written = listFiles(dir).filter((file) => !file.startsWith(join(dir, "tmp")));
    expect(written.filter((file) => file.includes("cassettes")).length).toBe(MODES.length * 2);
    const outputs = [{ name: "stdout", text: run.stdout }, { name: "stderr", text: run.stderr }, ...readAll(written)];
    expect(leaksIn(outputs)).toEqual([]);
    const results = written.find((file) => file.endsWith("results.json")) ?? "";
    expect(readFileSync(results, "utf8")).toContain("you sent [redacted]");
  });

  it("leaves no key in anything the units leave in the temp folder", () => {
    expect(leaksIn(readAll(listFiles(join(dir, "tmp"))))).toEqual([]);
  });
});
