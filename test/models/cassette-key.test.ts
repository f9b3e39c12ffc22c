import { describe, expect, it } from "vitest";
import type { ModelRequest, ToolSpec } from "../../src/domain/index.js";
import { cassetteKey, normaliseModelRequest } from "../../src/models/cassette-key.js";
import type { CassettePathPlaceholder } from "../../src/models/normalise-cassette-text.js";
import { callContext } from "../support/scenario-turn.js";

const READ_TOOL: ToolSpec = {
  name: "read",
  description: "Read a file in the workspace.",
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
};

interface RunValues {
  workspace: string;
  home: string;
  date: string;
  callId: string;
  host: string;
}

function pathsOf(run: RunValues): CassettePathPlaceholder[] {
  return [
    [run.workspace, "<workspace>"],
    [run.home, "~"],
  ];
}

function requestOf(run: RunValues, overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    systemPrompt: [
      "You are a personal assistant.",
      `Your working directory is: ${run.workspace}.`,
      `Runtime: agent=main | host=${run.host} | os=Linux 6.1 (x64) | node=v20.11.0 | model=anthropic:claude-x | shell=bash`,
      `Current date: ${run.date}`,
    ].join("\n"),
    messages: [
      { role: "user", content: `Read ${run.home}/notes.md, scratch in /tmp/claw-eval-scratch-Zz9Yy8.` },
      {
        role: "assistant",
        content: [{ type: "tool_call", id: run.callId, name: "read", input: { path: `${run.workspace}/notes.md` } }],
        stopReason: "tool_use",
      },
      {
        role: "tool_result",
        toolCallId: run.callId,
        toolName: "read",
        content: [{ type: "text", text: `written ${run.date}` }],
        isError: false,
      },
    ],
    tools: [READ_TOOL],
    context: callContext([], { turnIndex: 1, repeat: 0 }),
    ...overrides,
  };
}

const FIRST: RunValues = {
  workspace: "/tmp/claw-eval-unit-Ab12Cd",
  home: "/tmp/claw-eval-unit-Ab12Cd.home",
  date: "2025-01-02T03:04:05.678Z",
  callId: "toolu_01AAA",
  host: "laptop",
};
const SECOND: RunValues = {
  workspace: "/private/var/folders/x1/claw-eval-unit-Qq34Rr",
  home: "/private/var/folders/x1/claw-eval-unit-Qq34Rr.home",
  date: "2026-11-30 23:59",
  callId: "call_zz9",
  host: "ci-runner-7",
};

function keyOf(run: RunValues, overrides: Partial<ModelRequest> = {}): string {
  return cassetteKey(normaliseModelRequest(requestOf(run, overrides), { paths: pathsOf(run) }));
}

describe("normaliseModelRequest", () => {
  it("replaces paths, temp folders, dates, runtime values and tool call ids", () => {
    const normalised = normaliseModelRequest(requestOf(FIRST), { paths: pathsOf(FIRST) });
    expect(normalised).toEqual({
      turnIndex: 1,
      repeat: 0,
      systemPrompt: [
        "You are a personal assistant.",
        "Your working directory is: <workspace>.",
        "Runtime: agent=main | host=<host> | os=<os> | node=<node> | model=<model> | shell=<shell>",
        "Current date: <date>",
      ].join("\n"),
      messages: [
        { role: "user", content: "Read ~/notes.md, scratch in <tmp>." },
        {
          role: "assistant",
          content: [{ type: "tool_call", id: "call_1", name: "read", input: { path: "<workspace>/notes.md" } }],
          stopReason: "tool_use",
        },
        {
          role: "tool_result",
          toolCallId: "call_1",
          toolName: "read",
          content: [{ type: "text", text: "written <date>" }],
          isError: false,
        },
      ],
      tools: [READ_TOOL],
    });
  });

  it("numbers tool call ids in order of appearance", () => {
    const request = requestOf(FIRST, {
      messages: [
        {
          role: "assistant",
          content: [
            { type: "tool_call", id: "b", name: "read", input: {} },
            { type: "tool_call", id: "a", name: "read", input: {} },
          ],
          stopReason: "tool_use",
        },
        { role: "tool_result", toolCallId: "a", toolName: "read", content: [], isError: false },
        { role: "tool_result", toolCallId: "b", toolName: "read", content: [], isError: false },
      ],
    });
    const { messages } = normaliseModelRequest(request, { paths: [] });
    expect(messages.map((message) => (message.role === "tool_result" ? message.toolCallId : ""))).toEqual([
      "",
      "call_2",
      "call_1",
    ]);
  });
});

describe("cassetteKey", () => {
  it("is a sha256 hex digest", () => {
    expect(keyOf(FIRST)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("does not change with temp paths, HOME, dates, hosts or tool call ids", () => {
    expect(keyOf(SECOND)).toBe(keyOf(FIRST));
  });

  it("does not change with the key order of a tool schema", () => {
    const reordered: ToolSpec = {
      name: "read",
      description: READ_TOOL.description,
      inputSchema: { required: ["path"], properties: { path: { type: "string" } }, type: "object" },
    };
    expect(keyOf(FIRST, { tools: [reordered] })).toBe(keyOf(FIRST));
  });

  it("changes when the prompt, a message, the tools, the turn or the repeat change", () => {
    const base = keyOf(FIRST);
    const changed = [
      keyOf(FIRST, { systemPrompt: "You are a different assistant." }),
      keyOf(FIRST, { messages: [{ role: "user", content: "Read notes.md" }] }),
      keyOf(FIRST, { tools: [] }),
      keyOf(FIRST, { tools: [{ ...READ_TOOL, description: "Read any file." }] }),
      keyOf(FIRST, { tools: [{ ...READ_TOOL, inputSchema: { type: "object" } }] }),
      keyOf(FIRST, { context: callContext([], { turnIndex: 2, repeat: 0 }) }),
      keyOf(FIRST, { context: callContext([], { turnIndex: 1, repeat: 1 }) }),
    ];
    for (const key of changed) expect(key).not.toBe(base);
    expect(new Set(changed).size).toBe(changed.length);
  });

  it("does not depend on the scenario script, session or abort signal", () => {
    const context = callContext([{ kind: "text", text: "hi" }], { turnIndex: 1, sessionKey: "agent:main:sub:1" });
    expect(keyOf(FIRST, { context, signal: new AbortController().signal })).toBe(keyOf(FIRST));
  });
});
