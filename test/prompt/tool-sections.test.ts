import { describe, expect, it } from "vitest";
import type { SystemPromptInput } from "../../src/prompt/system-prompt-input.js";
import { sectionText } from "./prompt-fixtures.js";

const lines = (input: Omit<SystemPromptInput, "workspaceDir">, id: Parameters<typeof sectionText>[1]): string[] =>
  (sectionText({ workspaceDir: "/w", ...input }, id) ?? "").split("\n");

describe("## Tooling (spec/prompt.md §6.2)", () => {
  it("opens with the policy line and lists each tool once under its first spelling", () => {
    const tooling = lines({ toolNames: [" Read ", "read", "READ", "", "custom_x"] }, "tooling");
    expect(tooling[0]).toBe("## Tooling");
    expect(tooling[1]).toBe("Tool availability (filtered by policy):");
    expect(tooling.filter((line) => line.startsWith("- "))).toEqual(["- Read: Show a file's contents", "- custom_x"]);
  });

  it("uses built-in summaries before caller summaries, and caller summaries by lower-case key", () => {
    const tooling = lines(
      {
        toolNames: ["read", "My_Tool", "other"],
        toolSummaries: { READ: "ignored", " my_tool ": " Mine ", other: "  " },
      },
      "tooling",
    );
    expect(tooling).toContain("- read: Show a file's contents");
    expect(tooling).toContain("- My_Tool: Mine");
    expect(tooling).toContain("- other");
  });

  it("names exec and process by display name, or by key when absent", () => {
    const withTools = lines({ toolNames: ["EXEC", "Process"] }, "tooling").join("\n");
    expect(withTools).toContain("EXEC a yieldMs");
    expect(withTools).toContain("Process(action=poll, timeout=<ms>)");
    const without = lines({ toolNames: ["read"] }, "tooling").join("\n");
    expect(without).toContain("exec a yieldMs");
    expect(without).toContain("process(action=poll, timeout=<ms>)");
  });

  it("adds the four ACP slots only with sessions_spawn, ACP enabled and no sandbox", () => {
    const acpLines = (input: Omit<SystemPromptInput, "workspaceDir">) =>
      lines(input, "tooling").filter((line) => /ACP|acp/.test(line) && !line.startsWith("- "));
    expect(acpLines({ toolNames: ["sessions_spawn"] })).toHaveLength(4);
    expect(acpLines({ toolNames: ["sessions_spawn"], acpEnabled: false })).toEqual([]);
    expect(acpLines({ toolNames: ["sessions_spawn"], sandbox: { enabled: true } })).toEqual([]);
    expect(acpLines({ toolNames: ["sessions_spawn"], sandbox: { enabled: false } })).toHaveLength(4);
    expect(acpLines({ toolNames: ["read"] })).toEqual([]);
  });

  it("switches the sessions_spawn and agents_list summaries to their ACP variants", () => {
    const summary = (input: Omit<SystemPromptInput, "workspaceDir">) =>
      lines(input, "tooling").filter((line) => line.startsWith("- sessions_spawn") || line.startsWith("- agents_list"));
    const acp = summary({ toolNames: ["sessions_spawn", "agents_list"] });
    expect(acp.every((line) => line.includes("acp.allowedAgents"))).toBe(true);
    const plain = summary({ toolNames: ["sessions_spawn", "agents_list"], acpEnabled: false });
    expect(plain.some((line) => line.includes("acp"))).toBe(false);
  });

  it("renders the fallback block as one element when no tool names remain", () => {
    for (const toolNames of [undefined, [], ["  ", ""]]) {
      const tooling = lines({ toolNames }, "tooling");
      expect(tooling.filter((line) => line.startsWith("- "))).toHaveLength(15);
      expect(tooling[1]).toBe("Tool availability (filtered by policy):");
    }
  });
});

describe("## Skills (mandatory) (spec/prompt.md §6.6)", () => {
  it("names the read tool's display name in backticks, else `read`", () => {
    expect(lines({ toolNames: ["READ"], skillsPrompt: "x" }, "skills").join("\n")).toContain("`READ`");
    expect(lines({ skillsPrompt: "x" }, "skills").join("\n")).toContain("`read`");
  });

  it("names the catalog tokens and ends with the trimmed catalog verbatim", () => {
    const catalog = "<available_skills>\n\n  <skill/>\n</available_skills>";
    const text = sectionText({ workspaceDir: "/w", skillsPrompt: `\n  ${catalog}  \n` }, "skills") ?? "";
    expect(text.endsWith(`\n${catalog}`)).toBe(true);
    const instructions = text.split("\n").slice(1, 6);
    expect(instructions[0]).toMatch(/<description>/);
    expect(instructions[0]).toMatch(/<available_skills>/);
    expect(instructions[1]).toMatch(/^- .*<location>/);
    expect(instructions[2]?.startsWith("- ")).toBe(true);
    expect(instructions[3]?.startsWith("- ")).toBe(true);
  });

  it("keeps a catalog that is only the truncation note", () => {
    const note = "⚠️ Skills truncated: included 0 of 3.";
    expect(lines({ skillsPrompt: note }, "skills").at(-1)).toBe(note);
  });
});

describe("## Memory Recall (spec/prompt.md §6.7)", () => {
  it("names both memory tools by display name and switches citations off", () => {
    const on = lines({ toolNames: ["Memory_Search"] }, "memory-recall");
    expect(on[1]).toContain("Memory_Search on MEMORY.md + memory/*.md");
    expect(on[1]).toContain("memory_get");
    expect(on[2]).toContain("Source: <path#line>");
    const off = lines({ toolNames: ["memory_get"], memoryCitationsMode: "off" }, "memory-recall");
    expect(off).toHaveLength(3);
    expect(off[2]).not.toContain("Source:");
    expect(lines({ toolNames: ["memory_get"], memoryCitationsMode: "on" }, "memory-recall")[2]).toBe(on[2]);
  });
});

describe("## Messaging (spec/prompt.md §6.18)", () => {
  it("has five bullets and no message-tool part without `message`", () => {
    const messaging = lines({ toolNames: ["read"] }, "messaging");
    expect(messaging.slice(1).every((line) => line.startsWith("- "))).toBe(true);
    expect(messaging).toHaveLength(6);
    expect(messaging).toContain("- Cross-session messaging → use sessions_send(sessionKey, message)");
    expect(messaging).toContain("- Sub-agent orchestration → use subagents(action=list|steer|kill)");
  });

  it("lists the channels, the NO_REPLY rule and the hints under ### message tool", () => {
    const messaging = lines(
      { toolNames: ["Message"], deliverableChannels: ["telegram", " ", "matrix"], messageToolHints: [" hint A ", ""] },
      "messaging",
    );
    const start = messaging.indexOf("### message tool");
    expect(start).toBe(6);
    const tool = messaging.slice(start + 1).join("\n");
    expect(tool).toContain("Message");
    expect(tool).toContain("(telegram|matrix)");
    expect(tool).toContain("NO_REPLY");
    expect(messaging.at(-1)).toBe("hint A");
    const defaults = lines({ toolNames: ["message"] }, "messaging").join("\n");
    expect(defaults).toContain("(telegram|whatsapp|discord|irc|googlechat|slack|signal|imessage)");
  });

  it("describes inline buttons by capability, else by channel, else not at all", () => {
    const withCapability = lines(
      { toolNames: ["message"], runtimeInfo: { channel: "Telegram", capabilities: ["InlineButtons"] } },
      "messaging",
    ).join("\n");
    expect(withCapability).toContain("buttons=[[{text,callback_data,style?}]]");
    expect(withCapability).toMatch(/primary.*success.*danger/);
    const offForChannel = lines({ toolNames: ["message"], runtimeInfo: { channel: " Slack " } }, "messaging").join(
      "\n",
    );
    expect(offForChannel).toContain('slack.capabilities.inlineButtons ("dm"|"group"|"all"|"allowlist")');
    const unknown = lines({ toolNames: ["message"] }, "messaging").join("\n");
    expect(unknown).not.toMatch(/inline/i);
  });
});
