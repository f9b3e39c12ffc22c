import { describe, expect, expectTypeOf, it } from "vitest";
import { AGENT_EVENT_TYPES, type AgentEventType } from "../../src/domain/index.js";

describe("AGENT_EVENT_TYPES", () => {
  it("lists exactly the AgentEvent types", () => {
    expectTypeOf<(typeof AGENT_EVENT_TYPES)[number]>().toEqualTypeOf<AgentEventType>();
  });

  it("lists each type once", () => {
    expect(new Set(AGENT_EVENT_TYPES).size).toBe(AGENT_EVENT_TYPES.length);
  });
});
