import { describe, expect, it } from "vitest";
import type { ModelResponse } from "../../src/domain/index.js";
import { ZERO_USAGE } from "../../src/domain/index.js";
import { placeholdResponsePaths, restoreResponsePaths } from "../../src/models/cassette-response-paths.js";

function reply(text: string, input: Record<string, unknown> = {}): ModelResponse {
  return {
    ok: true,
    message: {
      role: "assistant",
      content: [
        { type: "text", text },
        { type: "tool_call", id: "t1", name: "exec", input },
      ],
      stopReason: "tool_use",
    },
    usage: ZERO_USAGE,
    costUsd: null,
  };
}

describe("cassette response paths", () => {
  const recordedPaths = [
    ["/tmp/claw-eval-unit-Aa11Bb", "<workspace>"],
    ["/tmp/claw-eval-unit-Aa11Bb.home", "~"],
  ] as const;
  const replayPaths = [
    ["/tmp/claw-eval-unit-Zz99Yy", "<workspace>"],
    ["/tmp/claw-eval-unit-Zz99Yy.home", "~"],
  ] as const;

  it("stores placeholders and puts this run's paths back", () => {
    const recorded = placeholdResponsePaths(
      reply("About ~5 files in /tmp/claw-eval-unit-Aa11Bb.", {
        command: "cat /tmp/claw-eval-unit-Aa11Bb/a.md /tmp/claw-eval-unit-Aa11Bb.home/.profile",
      }),
      recordedPaths,
    );
    expect(recorded).toEqual(reply("About ~5 files in <workspace>.", { command: "cat <workspace>/a.md ~/.profile" }));
    expect(restoreResponsePaths(recorded, replayPaths)).toEqual(
      reply("About ~5 files in /tmp/claw-eval-unit-Zz99Yy.", {
        command: "cat /tmp/claw-eval-unit-Zz99Yy/a.md /tmp/claw-eval-unit-Zz99Yy.home/.profile",
      }),
    );
  });
});
