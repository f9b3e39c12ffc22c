import { describe, expect, it } from "vitest";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { escapeRegExp } from "../../src/platform/escape-reg-exp.js";
import { buildRunSystemPrompt } from "../../src/prompt/build-run-system-prompt.js";
import { resolveToolNames } from "../../src/prompt/resolve-tool-names.js";
import { CORE_TOOL_NAMES } from "../../src/prompt/tool-catalog.js";
import { BUILTIN_TOOL_NAMES, createBuiltinTools } from "../../src/tools/create-builtin-tools.js";

/**
 * Tool names that are also everyday words ("read the file", "openclaw gateway status"): the
 * prompt names such a tool only when it calls it, `name(` or `name action=`. Every other name
 * counts wherever it stands as a word.
 */
const EVERYDAY_WORDS: ReadonlySet<string> = new Set([
  "read",
  "write",
  "edit",
  "find",
  "ls",
  "grep",
  "message",
  "gateway",
  "image",
  "browser",
  "canvas",
  "nodes",
]);

const ALL_TOOL_NAMES = [...new Set([...CORE_TOOL_NAMES, ...BUILTIN_TOOL_NAMES])].sort();

/** The tool names `text` mentions, sorted. */
function toolsNamedIn(text: string): string[] {
  return ALL_TOOL_NAMES.filter((name) => {
    const word = `(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`;
    const pattern = EVERYDAY_WORDS.has(name) ? `${word}(?=\\(| action=)` : word;
    return new RegExp(pattern).test(text);
  });
}

/** The system prompt of a main-session run under `config`, with the tools the runtime offers it. */
async function buildPrompt(config: Record<string, unknown>): Promise<{ text: string; offered: string[] }> {
  const runtime = createTestRuntime();
  const tools = Object.values(createBuiltinTools());
  const allowed = new Set(
    resolveToolNames(
      tools.map((tool) => tool.name),
      { config, agentId: "main", provider: "scripted" },
    ).names,
  );
  const offered = tools.filter((tool) => allowed.has(tool.name));
  const built = await buildRunSystemPrompt(
    {
      config,
      agentId: "main",
      sessionKey: "agent:main:main",
      workspaceDir: runtime.root,
      cwd: runtime.root,
      provider: "scripted",
      tools: offered,
    },
    runtime,
  );
  expect(built.mode).toBe("full");
  return { text: built.text, offered: offered.map((tool) => tool.name) };
}

describe("the system prompt names only tools the runtime offers", () => {
  it("finds tool names the way the check below reads them", () => {
    expect(toolsNamedIn("call subagents(action=list) or sessions_list, then read the file")).toEqual([
      "sessions_list",
      "subagents",
    ]);
    expect(toolsNamedIn("openclaw gateway status; use message action=send and read(path)")).toEqual([
      "message",
      "read",
    ]);
  });

  for (const [label, config] of [
    ["no profile", {}],
    ["coding profile", { tools: { profile: "coding" } }],
    ["full profile", { tools: { profile: "full" } }],
    ["messaging profile", { tools: { profile: "messaging" } }],
  ] as const) {
    it(`in full mode with the ${label}`, async () => {
      const { text, offered } = await buildPrompt(config);
      const missing = toolsNamedIn(text).filter((name) => !offered.includes(name));
      expect(missing).toEqual([]);
      // The background-exec guidance stays exactly when both of its tools exist.
      expect(text.includes("give exec a yieldMs, or call process(action=poll, timeout=<ms>)")).toBe(
        offered.includes("exec") && offered.includes("process"),
      );
    });
  }

  it("says that no tool is available when the policy leaves none, instead of listing the standard set", async () => {
    const { text, offered } = await buildPrompt({ tools: { profile: "minimal" } });
    expect(offered).toEqual([]);
    expect(text).toContain("No tools are available in this session.");
    expect(toolsNamedIn(text)).toEqual([]);
  });

  it("drops the background-exec guidance when process is denied", async () => {
    const { text, offered } = await buildPrompt({ tools: { profile: "coding", deny: ["process"] } });
    expect(offered).toContain("exec");
    expect(text).not.toContain("yieldMs");
    expect(toolsNamedIn(text).filter((name) => !offered.includes(name))).toEqual([]);
  });
});
