import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/domain/index.js";
import { buildUnitMemoryMeasures, citesMemory } from "../../src/runner/build-unit-memory-measures.js";

function reply(text: string): AgentEvent {
  return {
    runId: "run-1",
    sessionKey: "agent:main:main",
    type: "message_end",
    message: { role: "assistant", content: [{ type: "text", text }], stopReason: "end_turn" },
  };
}

const audit = {
  audit: { ok: true, files: 2, chunks: 2, problems: [] },
  notes: [
    { path: "MEMORY.md", text: "# Memory\n- Alice lives in Xuhui." },
    { path: "../shared/team.md", text: "# Team\n- Priya leads billing." },
  ],
};

describe("buildUnitMemoryMeasures", () => {
  it("is undefined for a unit that opened no index, cited no note and ran no flush", () => {
    const turns = [{ index: 0, events: [reply("Fixed in src/app.ts#L3.")] }];
    expect(citesMemory(turns)).toBe(false);
    expect(buildUnitMemoryMeasures({ turns, audit: undefined })).toBeUndefined();
  });

  it("checks reply citations of default memory files and of indexed extra notes, not of other files", () => {
    const turns = [
      { index: 0, events: [reply("Xuhui (MEMORY.md#L2), Priya (../shared/team.md#L2-L3), see src/app.ts#L3.")] },
    ];
    expect(citesMemory(turns)).toBe(true);
    expect(buildUnitMemoryMeasures({ turns, audit })).toEqual({
      citations: {
        checked: 2,
        valid: 1,
        invalid: [
          {
            citation: "../shared/team.md#L2-L3",
            source: "reply",
            turnIndex: 0,
            reason: "line 3 is past the end of ../shared/team.md (2 lines)",
          },
        ],
      },
      index: audit.audit,
    });
  });

  it("counts every citation as invalid when no index could be audited", () => {
    const turns = [{ index: 0, events: [reply("Xuhui (MEMORY.md#L2).")] }];
    expect(buildUnitMemoryMeasures({ turns, audit: undefined })?.citations?.invalid[0]?.reason).toBe(
      "MEMORY.md is not an indexed memory file",
    );
  });
});
