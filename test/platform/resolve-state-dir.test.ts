import { describe, expect, it } from "vitest";
import { resolveStateDir } from "../../src/platform/resolve-state-dir.js";

describe("resolveStateDir (spec/skills.md §1.3)", () => {
  it("defaults to <home>/.openclaw, with OPENCLAW_HOME taking the place of HOME", () => {
    expect(resolveStateDir({ env: {}, homeDir: "/h" })).toBe("/h/.openclaw");
    expect(resolveStateDir({ env: { OPENCLAW_HOME: " /oh " }, homeDir: "/h" })).toBe("/oh/.openclaw");
  });

  it("takes OPENCLAW_STATE_DIR, then CLAWDBOT_STATE_DIR, trimmed and ~-expanded", () => {
    expect(resolveStateDir({ env: { OPENCLAW_STATE_DIR: "  ~/custom-state " }, homeDir: "/h" })).toBe(
      "/h/custom-state",
    );
    expect(resolveStateDir({ env: { CLAWDBOT_STATE_DIR: "/legacy" }, homeDir: "/h" })).toBe("/legacy");
    expect(
      resolveStateDir({ env: { OPENCLAW_STATE_DIR: "/srv/oc", CLAWDBOT_STATE_DIR: "/legacy" }, homeDir: "/h" }),
    ).toBe("/srv/oc");
    expect(resolveStateDir({ env: { OPENCLAW_STATE_DIR: "   " }, homeDir: "/h" })).toBe("/h/.openclaw");
  });

  it("resolves a relative state dir against cwd", () => {
    expect(resolveStateDir({ env: { OPENCLAW_STATE_DIR: "state" }, homeDir: "/h", cwd: "/work" })).toBe("/work/state");
  });
});
