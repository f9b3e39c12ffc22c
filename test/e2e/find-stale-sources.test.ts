import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findStaleSources, formatStaleSources } from "../support/find-stale-sources.js";
import { makeTempDir } from "../support/run-cli.js";

const BUILT_AT = new Date("2026-03-01T12:00:00Z");

/** A checkout with src/a.ts, src/nested/b.ts, src/README.md and dist/src/cli/bin.js built at BUILT_AT. */
function checkout(): string {
  const root = makeTempDir("claw-eval-stale-");
  mkdirSync(join(root, "src", "nested"), { recursive: true });
  mkdirSync(join(root, "dist", "src", "cli"), { recursive: true });
  for (const file of ["src/a.ts", "src/nested/b.ts", "src/README.md", "dist/src/cli/bin.js"]) {
    writeFileSync(join(root, file), "x\n");
    utimesSync(join(root, file), BUILT_AT, BUILT_AT);
  }
  return root;
}

function touch(root: string, file: string, secondsAfterBuild: number): void {
  const at = new Date(BUILT_AT.getTime() + secondsAfterBuild * 1000);
  utimesSync(join(root, file), at, at);
}

describe("findStaleSources (the e2e globalSetup's check)", () => {
  it("is fresh when no source changed after the build", () => {
    const root = checkout();
    touch(root, "src/a.ts", -60);
    expect(findStaleSources({ root })).toEqual({ state: "fresh" });
    expect(formatStaleSources({ state: "fresh" })).toBeUndefined();
  });

  it("names every .ts file changed after the build, in path order, and ignores other files", () => {
    const root = checkout();
    touch(root, "src/nested/b.ts", 1);
    touch(root, "src/a.ts", 30);
    touch(root, "src/README.md", 30);
    const stale = findStaleSources({ root });
    expect(stale).toEqual({ state: "stale", builtFile: "dist/src/cli/bin.js", newer: ["src/a.ts", "src/nested/b.ts"] });
    expect(formatStaleSources(stale)).toBe(
      "dist/ is older than src/: run `npm run build` (changed since dist/src/cli/bin.js was built: src/a.ts, src/nested/b.ts)",
    );
  });

  it("shortens a long list and reports a missing build", () => {
    const newer = Array.from({ length: 7 }, (_, index) => `src/f${index}.ts`);
    expect(formatStaleSources({ state: "stale", builtFile: "dist/src/cli/bin.js", newer })).toBe(
      "dist/ is older than src/: run `npm run build` (changed since dist/src/cli/bin.js was built: src/f0.ts, src/f1.ts, src/f2.ts, src/f3.ts, src/f4.ts and 2 more)",
    );
    const root = makeTempDir("claw-eval-stale-");
    mkdirSync(join(root, "src"));
    const missing = findStaleSources({ root });
    expect(missing).toEqual({ state: "missing", builtFile: "dist/src/cli/bin.js" });
    expect(formatStaleSources(missing)).toBe(
      "dist/src/cli/bin.js is missing: run `npm run build` before the e2e tests",
    );
  });
});
