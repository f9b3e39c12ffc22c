import { describe, expect, it } from "vitest";
import { type Expectation, OWNER_ORIGIN, type Turn, type TurnKind } from "../../src/domain/index.js";
import { deriveComplianceCategory } from "../../src/scenarios/normalise-scenario.js";

const location = { file: "s.yaml", line: 1, column: 1 };

function turn(kind: TurnKind, expect: Expectation[]): Turn {
  return {
    index: 0,
    kind,
    arrival: { kind: "settled" },
    origin: OWNER_ORIGIN,
    text: "",
    script: [],
    approvals: [],
    expect,
    location,
  };
}

/** Boolean expectations (heartbeat-ack, delivered, reply-silent) arrive with the loop issue; built by hand here. */
function flag(type: string, value: boolean): Expectation {
  return { type, value, location } as unknown as Expectation;
}

describe("deriveComplianceCategory", () => {
  it("is undefined for turns with no compliance expectation", () => {
    expect(deriveComplianceCategory(turn("user", []))).toBeUndefined();
    expect(
      deriveComplianceCategory(turn("user", [{ type: "reply-contains", values: ["x"], location }])),
    ).toBeUndefined();
    expect(deriveComplianceCategory(turn("heartbeat", [flag("delivered", false)]))).toBeUndefined();
  });

  it("derives each category from the expectations", () => {
    expect(deriveComplianceCategory(turn("user", [flag("reply-silent", false)]))).toBe("reply-expected");
    expect(deriveComplianceCategory(turn("system", [flag("reply-silent", true)]))).toBe("silent-expected");
    expect(deriveComplianceCategory(turn("heartbeat", [flag("heartbeat-ack", true), flag("delivered", false)]))).toBe(
      "quiet",
    );
    expect(deriveComplianceCategory(turn("heartbeat", [flag("delivered", true)]))).toBe("alert");
  });

  it("reads heartbeat-ack and delivered only on heartbeat turns", () => {
    expect(deriveComplianceCategory(turn("user", [flag("heartbeat-ack", true)]))).toBeUndefined();
    expect(deriveComplianceCategory(turn("system", [flag("delivered", true)]))).toBeUndefined();
  });
});
