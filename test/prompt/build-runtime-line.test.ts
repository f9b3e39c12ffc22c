import { describe, expect, it } from "vitest";
import { buildRuntimeLine, detectShell } from "../../src/prompt/build-runtime-line.js";

describe("buildRuntimeLine (spec/prompt.md §7.1)", () => {
  it("renders every field in order", () => {
    const line = buildRuntimeLine(
      {
        agentId: "main",
        host: "mac-studio",
        repoRoot: "/repo",
        os: "Darwin 23.4.0",
        arch: "arm64",
        node: "v22.1.0",
        model: "anthropic/claude-x",
        defaultModel: "anthropic/claude-y",
        shell: "zsh",
        channel: " Telegram ",
        capabilities: [" inlineButtons ", "", "reactions"],
      },
      "low",
    );
    expect(line).toBe(
      "Runtime: agent=main | host=mac-studio | repo=/repo | os=Darwin 23.4.0 (arm64) | node=v22.1.0 | model=anthropic/claude-x | default_model=anthropic/claude-y | shell=zsh | channel=telegram | capabilities=inlineButtons,reactions | thinking=low",
    );
  });

  it("renders arch alone and capabilities=none with a channel", () => {
    expect(buildRuntimeLine({ arch: "x64", channel: "slack" })).toBe(
      "Runtime: arch=x64 | channel=slack | capabilities=none | thinking=off",
    );
  });

  it("renders only thinking without info", () => {
    expect(buildRuntimeLine(undefined)).toBe("Runtime: thinking=off");
  });
});

describe("detectShell (spec/prompt.md §7.2)", () => {
  it("takes the basename of SHELL", () => {
    expect(detectShell({ SHELL: "/bin/zsh" }, "linux")).toBe("zsh");
  });
  it("prefers CLAWDBOT_SHELL and strips .exe", () => {
    expect(detectShell({ CLAWDBOT_SHELL: "C:\\tools\\nu.exe", SHELL: "/bin/bash" }, "linux")).toBe("nu");
  });
  it("is absent without hints", () => {
    expect(detectShell({}, "linux")).toBeUndefined();
  });
});
