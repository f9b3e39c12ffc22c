import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TOOL_VERSION } from "../../src/runner/run-suite.js";
import { PROJECT_ROOT } from "../support/run-cli.js";

describe("version", () => {
  it("reports the package.json version in results and --version", () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string };
    expect(TOOL_VERSION).toBe(pkg.version);
  });
});
