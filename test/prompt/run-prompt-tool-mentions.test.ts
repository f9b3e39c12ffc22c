// A run's own prompt (`toolListComplete: true`, as every runtime run builds it) names no tool
// the run does not offer; `claw-eval prompt` (no complete list) keeps the classic wording.
import { describe, expect, it } from "vitest";
import type { SystemPromptInput } from "../../src/prompt/system-prompt-input.js";
import { sectionText } from "./prompt-fixtures.js";

function lines(
  input: Partial<SystemPromptInput>,
  id: Parameters<typeof sectionText>[1],
  toolListComplete = true,
): string[] {
  return (sectionText({ workspaceDir: "/w", ...input, toolListComplete }, id) ?? "").split("\n");
}

describe("a run's own prompt names only offered tools", () => {
  it("names exec and process by display name, and only when both are offered", () => {
    const withTools = lines({ toolNames: ["EXEC", "Process"] }, "tooling").join("\n");
    expect(withTools).toContain("EXEC a yieldMs");
    expect(withTools).toContain("Process(action=poll, timeout=<ms>)");
    for (const toolNames of [["read"], ["exec"], ["process"]]) {
      expect(lines({ toolNames }, "tooling").join("\n")).not.toContain("yieldMs");
      // Classic (no complete list) keeps the line with the keys.
      expect(lines({ toolNames }, "tooling", false).join("\n")).toContain("yieldMs");
    }
  });

  it("names the sub-agent status tools in the polling line only when offered", () => {
    const polling = (toolNames: string[], strict = true) =>
      lines({ toolNames }, "tooling", strict).filter((line) => line.startsWith("Do not poll"));
    expect(polling(["subagents", "sessions_list"])).toEqual([
      "Do not poll subagents list or sessions_list in a loop; check status only when you have a reason to.",
    ]);
    expect(polling(["sessions_list"])).toEqual([
      "Do not poll sessions_list in a loop; check status only when you have a reason to.",
    ]);
    expect(polling(["read"])).toEqual([]);
    expect(polling(["read"], false)).toHaveLength(1);
  });

  it("names subagents, agents_list and message in the ACP slots only when offered", () => {
    const acp = (toolNames: string[], strict = true) =>
      lines({ toolNames }, "tooling", strict).filter((line) => line.includes("ACP"));
    const all = acp(["sessions_spawn", "subagents", "agents_list", "message"]).join("\n");
    expect(all).toContain("never route ACP requests through subagents/agents_list or local PTY exec.");
    expect(all).toContain("do not create it with message action=thread-create.");
    const bare = acp(["sessions_spawn"]).join("\n");
    expect(bare).toContain("never route ACP requests through local PTY exec.");
    expect(bare).toContain("For ACP thread spawns, only sessions_spawn creates the thread.");
    expect(bare).not.toMatch(/subagents|agents_list|message/);
    expect(acp(["sessions_spawn"], false).join("\n")).toContain("subagents/agents_list or local PTY exec");
  });

  it("says that no tool is available when a run's complete list is empty", () => {
    const tooling = lines({ toolNames: [] }, "tooling");
    expect(tooling).toContain("No tools are available in this session.");
    expect(tooling.filter((line) => line.startsWith("- "))).toEqual([]);
  });

  it("drops the Messaging bullets naming sessions_send and subagents when they are not offered", () => {
    const messaging = lines({ toolNames: ["read"] }, "messaging");
    expect(messaging).toHaveLength(4);
    expect(messaging.join("\n")).not.toMatch(/sessions_send|subagents|exec or curl/);
    expect(lines({ toolNames: ["read"] }, "messaging", false)).toHaveLength(6);
  });
});
