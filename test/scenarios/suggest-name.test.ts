import { describe, expect, it } from "vitest";
import { editDistance, suggestName } from "../../src/scenarios/suggest-name.js";

describe("suggestName", () => {
  it("counts a transposition as one edit", () => {
    expect(editDistance("tunrs", "turns")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  it("suggests the closest name within two edits, ignoring case", () => {
    expect(suggestName("tunrs", ["name", "turns", "tags"])).toBe("turns");
    expect(suggestName("Workspace", ["workspace", "home"])).toBe("workspace");
    expect(suggestName("reply-contain", ["reply-equals", "reply-contains", "reply-matches"])).toBe("reply-contains");
  });

  it("falls back to a unique prefix match", () => {
    expect(suggestName("maxStepsPerTurn", ["maxSteps", "models"])).toBe("maxSteps");
    expect(suggestName("tool", ["tool-called", "tool-not-called"])).toBeUndefined();
  });

  it("suggests nothing for unrelated names", () => {
    expect(suggestName("banana", ["name", "turns"])).toBeUndefined();
    expect(suggestName("x", ["y"])).toBeUndefined();
  });
});
