import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/domain/index.js";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const base = { runId: "run-1", sessionKey: "agent:main:main" };
const events: AgentEvent[] = [
  { ...base, type: "hook_called", hook: "before_prompt_build", pluginId: "a" },
  { ...base, type: "hook_called", hook: "before_prompt_build", pluginId: "b" },
  { ...base, type: "hook_called", hook: "before_tool_call", pluginId: "guard" },
  { ...base, type: "tool_blocked", toolCallId: "c1", toolName: "write", reason: "only notes/", pluginId: "guard" },
];

describe("hook-called", () => {
  it("passes when the hook's handlers ran", async () => {
    const result = await checkOne(located({ type: "hook-called", name: "before_prompt_build" }), {
      result: { events },
    });
    expect(result).toEqual({
      type: "hook-called",
      pass: true,
      message: "hook-called before_prompt_build called",
      expected: "before_prompt_build called",
      actual: "before_prompt_build ×2 (a, b)\nbefore_tool_call ×1 (guard)",
      location: TEST_LOCATION,
    });
  });

  it("counts exactly, per plugin when given", async () => {
    const twice = await checkOne(located({ type: "hook-called", name: "before_prompt_build", times: 2 }), {
      result: { events },
    });
    expect(twice.pass).toBe(true);
    const fromA = await checkOne(located({ type: "hook-called", name: "before_prompt_build", times: 2, plugin: "a" }), {
      result: { events },
    });
    expect(fromA).toMatchObject({
      pass: false,
      message: 'hook before_prompt_build from "a" was called 1 time, expected exactly 2 times',
      expected: 'before_prompt_build from "a" called exactly 2 times',
    });
  });

  it("times: 0 asserts the hook never ran; a missing hook fails showing what ran", async () => {
    const never = await checkOne(located({ type: "hook-called", name: "message_sent", times: 0 }), {
      result: { events },
    });
    expect(never.pass).toBe(true);
    const ran = await checkOne(located({ type: "hook-called", name: "before_tool_call", times: 0 }), {
      result: { events },
    });
    expect(ran.pass).toBe(false);
    const missing = await checkOne(located({ type: "hook-called", name: "message_sent" }), { result: { events: [] } });
    expect(missing).toMatchObject({
      pass: false,
      message: "hook message_sent was not called",
      actual: "no hook handlers ran",
    });
  });
});

describe("tool-blocked", () => {
  it("passes for a blocked call of the tool, with a reason substring", async () => {
    const result = await checkOne(located({ type: "tool-blocked", name: "write", reason: "notes/" }), {
      result: { events },
    });
    expect(result).toEqual({
      type: "tool-blocked",
      pass: true,
      message: 'tool-blocked write blocked with a reason containing "notes/"',
      expected: 'write blocked with a reason containing "notes/"',
      actual: 'write by guard: "only notes/"',
      location: TEST_LOCATION,
    });
  });

  it("fails for another tool, or a reason that does not match", async () => {
    const other = await checkOne(located({ type: "tool-blocked", name: "edit" }), { result: { events } });
    expect(other).toMatchObject({ pass: false, message: "no call to edit was blocked" });
    const reason = await checkOne(located({ type: "tool-blocked", name: "write", reason: "secrets" }), {
      result: { events },
    });
    expect(reason).toMatchObject({
      pass: false,
      message: 'write was blocked once, never with a reason containing "secrets"',
    });
    const none = await checkOne(located({ type: "tool-blocked", name: "write" }), { result: { events: [] } });
    expect(none).toMatchObject({ pass: false, actual: "no blocked tool calls" });
  });
});
