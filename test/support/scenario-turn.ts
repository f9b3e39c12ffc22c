import type { ModelCallContext, ScriptStep, Turn } from "../../src/domain/index.js";
import { OWNER_ORIGIN } from "../../src/domain/index.js";

export function scriptedTurn(script: ScriptStep[], overrides: Partial<Turn> = {}): Turn {
  return {
    index: 0,
    kind: "user",
    arrival: { kind: "settled" },
    origin: OWNER_ORIGIN,
    text: "hello",
    script,
    approvals: [],
    expect: [],
    location: { file: "/s.yaml", line: 1, column: 1 },
    ...overrides,
  };
}

export function callContext(script: ScriptStep[], overrides: Partial<ModelCallContext> = {}): ModelCallContext {
  return {
    scenarioId: "demo",
    unitId: "demo@scripted~1",
    turnIndex: 0,
    turnKind: "user",
    repeat: 0,
    script,
    category: undefined,
    input: "hello",
    sessionKey: "agent:main:main",
    ...overrides,
  };
}
