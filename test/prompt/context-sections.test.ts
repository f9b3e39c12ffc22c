import { describe, expect, it } from "vitest";
import { assembleSectionedPrompt } from "../../src/prompt/assemble-system-prompt.js";
import type { SectionId } from "../../src/prompt/prompt-sections.js";
import type { SandboxPromptInfo, SystemPromptInput } from "../../src/prompt/system-prompt-input.js";
import { sectionText } from "./prompt-fixtures.js";

const lines = (input: Omit<SystemPromptInput, "workspaceDir"> & { workspaceDir?: string }, id: SectionId) =>
  (sectionText({ workspaceDir: "/w", ...input }, id) ?? "").split("\n");

describe("## Workspace (spec/prompt.md §6.11)", () => {
  it("shows the workspace and the plain guidance, then each note", () => {
    expect(lines({ workspaceNotes: [" Commit often. ", " ", "Second."] }, "workspace")).toEqual([
      "## Workspace",
      "Your working directory is: /w",
      expect.any(String),
      "Commit often.",
      "Second.",
    ]);
  });

  it("shows the sanitized container dir and names both sides when sandboxed with one", () => {
    const workspace = lines(
      { workspaceDir: "/host\u0007/ws", sandbox: { enabled: true, containerWorkspaceDir: "/work\u2028space" } },
      "workspace",
    );
    expect(workspace[1]).toBe("Your working directory is: /workspace");
    expect(workspace[2]).toContain("/host/ws");
    expect(workspace[2]).toContain("/workspace");
  });

  it("falls back to the host dir and plain guidance when the sandbox has no container dir", () => {
    const plain = lines({}, "workspace");
    expect(lines({ sandbox: { enabled: true } }, "workspace")).toEqual(plain);
    expect(lines({ sandbox: { enabled: false, containerWorkspaceDir: "/c" } }, "workspace")).toEqual(plain);
  });
});

describe("## Sandbox (spec/prompt.md §6.13)", () => {
  const everything: SandboxPromptInfo = {
    enabled: true,
    workspaceDir: "/host/\u202ews",
    containerWorkspaceDir: "/workspace",
    workspaceAccess: "ro",
    agentWorkspaceMount: "/agent\n",
    browserBridgeUrl: "http://bridge",
    browserNoVncUrl: "http://novnc\u200b/",
    hostBrowserAllowed: true,
    elevated: { allowed: true, defaultLevel: "full" },
  };

  it("renders every slot in order with exact data lines", () => {
    const sandbox = lines({ sandbox: everything, toolNames: ["sessions_spawn"] }, "sandbox");
    expect(sandbox).toHaveLength(1 + 14);
    expect(sandbox[4]).toMatch(/runtime: "acp".*runtime: "subagent"/);
    expect(sandbox.slice(5, 8)).toEqual([
      "Sandbox container workdir: /workspace",
      "Sandbox host mount source (file tools bridge only; not valid inside sandbox exec): /host/ws",
      "Agent workspace access: ro (mounted at /agent)",
    ]);
    expect(sandbox[9]).toBe("Sandbox browser observer (noVNC): http://novnc/");
    expect(sandbox[10]).toMatch(/allowed/);
    expect(sandbox.slice(12, 14).every((line) => line.includes("/elevated on|off|ask|full"))).toBe(true);
    expect(sandbox[14]?.startsWith("Current elevated level: full")).toBe(true);
  });

  it("drops conditional slots whose condition fails", () => {
    const sandbox = lines(
      {
        sandbox: {
          enabled: true,
          workspaceAccess: "none",
          hostBrowserAllowed: false,
          elevated: { allowed: false, defaultLevel: "on" },
        },
        toolNames: ["sessions_spawn"],
        acpEnabled: false,
      },
      "sandbox",
    );
    expect(sandbox).toHaveLength(1 + 3 + 2);
    expect(sandbox[4]).toBe("Agent workspace access: none");
    expect(sandbox[5]).toMatch(/blocked/);
  });
});

describe("## Authorized Senders (spec/prompt.md §6.14)", () => {
  it.each([
    [{ ownerNumbers: [" +15550001 ", "", "+15550002"], ownerDisplay: "raw" as const }, "+15550001, +15550002."],
    [{ ownerNumbers: ["+15550001"] }, "ada37e314e8d."],
    [{ ownerNumbers: ["+15550001"], ownerDisplay: "hash" as const, ownerDisplaySecret: "   " }, "ada37e314e8d."],
    [{ ownerNumbers: ["+15550001"], ownerDisplay: "bogus" as "raw" }, "ada37e314e8d."],
    [
      { ownerNumbers: ["+15550001", " alice "], ownerDisplay: "hash" as const, ownerDisplaySecret: " s3cret " },
      "7669e78457c1, 765542af1f1d.",
    ],
  ])("%j → Authorized senders: %s", (input, ids) => {
    const line = lines(input, "authorized-senders")[1] ?? "";
    expect(line.startsWith(`Authorized senders: ${ids} `)).toBe(true);
  });
});

describe("time sections (spec/prompt.md §6.10, §6.15)", () => {
  it("renders the zone line and a hint naming session_status, never a date", () => {
    const prompt = assembleSectionedPrompt({
      workspaceDir: "/w",
      userTimezone: " Asia/Shanghai ",
      toolNames: ["session_status"],
    });
    const dateTime = prompt.sections.find((section) => section.id === "date-time");
    expect(dateTime?.text).toBe("## Current Date & Time\nTime zone: Asia/Shanghai");
    const hint = prompt.sections.find((section) => section.id === "time-hint");
    expect(hint?.heading).toBeNull();
    expect(hint?.text).toContain("📊 session_status");
    expect(hint?.text.split("\n")).toHaveLength(1);
    expect(prompt.text).not.toMatch(/20\d\d-\d\d-\d\d/);
  });

  it("in a run's own prompt, leaves the hint out when session_status is not offered (it would name a missing tool)", () => {
    const prompt = assembleSectionedPrompt({
      workspaceDir: "/w",
      userTimezone: "UTC",
      toolNames: ["read"],
      toolListComplete: true,
    });
    expect(prompt.sections.map((section) => section.id)).not.toContain("time-hint");
    expect(prompt.text).not.toContain("session_status");
    // `claw-eval prompt` (no complete tool list) keeps the classic hint.
    const classic = assembleSectionedPrompt({ workspaceDir: "/w", userTimezone: "UTC", toolNames: ["read"] });
    expect(classic.sections.map((section) => section.id)).toContain("time-hint");
  });
});

describe("fixed-data sections", () => {
  it("Documentation carries the five data lines verbatim", () => {
    expect(lines({ docsPath: " /opt/docs " }, "documentation").slice(1, 6)).toEqual([
      "OpenClaw docs: /opt/docs",
      "Mirror: https://docs.openclaw.ai",
      "Source: https://github.com/openclaw/openclaw",
      "Community: https://discord.com/invite/clawd",
      "Find new skills: https://clawhub.com",
    ]);
  });

  it("CLI carries the four gateway commands, the chat commands and the help fallback", () => {
    const cli = lines({}, "cli");
    const start = cli.indexOf("- openclaw gateway status");
    expect(cli.slice(start, start + 4)).toEqual([
      "- openclaw gateway status",
      "- openclaw gateway start",
      "- openclaw gateway stop",
      "- openclaw gateway restart",
    ]);
    for (const command of ["/status", "/new", "/compact", "/think", "/usage"])
      expect(cli[start + 4]).toContain(command);
    expect(cli.at(-1)).toContain("`openclaw help`");
    expect(cli.at(-1)).toContain("`openclaw gateway --help`");
  });

  it("Reply Tags, Silent Replies and Heartbeats carry their exact tokens", () => {
    const tags = lines({}, "reply-tags").join("\n");
    for (const tag of ["[[reply_to_current]]", "[[reply_to:<id>]]", "[[ reply_to_current ]]", "[[ reply_to: 123 ]]"]) {
      expect(tags).toContain(tag);
    }
    const silent = lines({}, "silent-replies");
    expect(silent).toHaveLength(8);
    expect(silent.at(-1)).toMatch(/NO_REPLY$/);
    const heartbeats = lines({ heartbeatPrompt: "  Check the inbox.  " }, "heartbeats");
    expect(heartbeats[1]).toBe("Heartbeat prompt: Check the inbox.");
    expect(heartbeats[3]).toBe("HEARTBEAT_OK");
    expect(lines({ heartbeatPrompt: " " }, "heartbeats")[1]).toBe("Heartbeat prompt: (configured)");
  });

  it("Voice, extra context and reasoning format render as specified", () => {
    expect(lines({ ttsHint: "  Say it.\n\nBriefly.  " }, "voice")).toEqual([
      "## Voice (TTS)",
      "Say it.",
      "",
      "Briefly.",
    ]);
    expect(lines({ extraSystemPrompt: " Group rules " }, "extra-context")).toEqual([
      "## Group Chat Context",
      "Group rules",
    ]);
    expect(lines({ extraSystemPrompt: "Task", promptMode: "minimal" }, "extra-context")[0]).toBe("## Subagent Context");
    const reasoning = lines({ reasoningTagHint: true }, "reasoning-format");
    expect(reasoning).toHaveLength(2);
    expect(reasoning[1]).toMatch(/<think>\.\.\.<\/think>.*<final>\.\.\.<\/final>/);
  });

  it("Reactions name the channel verbatim and the level in capitals", () => {
    expect(lines({ reactionGuidance: { level: "minimal", channel: "Telegram" } }, "reactions")[1]).toMatch(
      /Telegram.*MINIMAL/,
    );
    const extensive = lines({ reactionGuidance: { level: "extensive", channel: "Signal" } }, "reactions");
    expect(extensive[1]).toMatch(/Signal.*EXTENSIVE/);
    expect(extensive.join("\n")).not.toContain("1 reaction per 5–10");
  });
});

describe("# Project Context (spec/prompt.md §6.23)", () => {
  it("adds the persona slot for any soul.md basename, missing or not", () => {
    const persona = (path: string) => lines({ contextFiles: [{ path, content: "x" }] }, "project-context")[2] ?? "";
    expect(persona("/x/Soul.MD")).toContain("SOUL.md");
    expect(persona("C:\\ws\\SOUL.md ")).toContain("SOUL.md");
    expect(persona("/x/soul.md.bak")).toBe("## /x/soul.md.bak");
    expect(
      lines(
        { contextFiles: [{ path: "/w/SOUL.md", content: "[MISSING] Expected at: /w/SOUL.md" }] },
        "project-context",
      )[2],
    ).toContain("persona");
  });

  it("renders paths exactly as given, skips blank paths and omits empty content lines", () => {
    const prompt = assembleSectionedPrompt({
      workspaceDir: "/w",
      contextFiles: [
        { path: " /w/A.md", content: "## Inside\n# Also inside" },
        { path: "", content: "lost" },
        { path: "/w/E.md", content: "" },
      ],
    });
    const section = prompt.sections.find((entry) => entry.id === "project-context");
    expect(section?.headings).toEqual(["# Project Context", "##  /w/A.md", "## /w/E.md"]);
    expect(section?.text.split("\n").slice(2)).toEqual(["##  /w/A.md", "## Inside", "# Also inside", "## /w/E.md"]);
    expect(prompt.text).not.toContain("lost");
  });
});
