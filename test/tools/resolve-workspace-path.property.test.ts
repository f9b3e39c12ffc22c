// Guards against workspace path resolution escaping the root (via .., ~, @ or unusual spaces), returning the root itself when allowRoot is off, and non-idempotent resolution.
import { isAbsolute, relative } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveWorkspacePathLexically } from "../../src/tools/resolve-workspace-path.js";
import { assertProperty } from "../support/assert-property.js";

const segment = fc.constantFrom("..", ".", "a", "b", "/", "~", "@", "\u00a0", "\u2000", "\u202f", "\u3000", " ", "w");
const pathInput = fc.array(segment, { maxLength: 12 }).map((parts) => parts.join(""));
const layout = fc.record({
  workspaceDir: fc.constantFrom("/w", "/w/sub", "/w/a b", "/"),
  homeDir: fc.constantFrom("/home/u", "/w", "/w/home", "/w/sub/home", "/"),
  allowRoot: fc.boolean(),
});

describe("resolveWorkspacePathLexically properties", () => {
  it("never returns a path outside the workspace root", () => {
    assertProperty(
      fc.property(pathInput, layout, (input, { workspaceDir, homeDir, allowRoot }) => {
        const result = resolveWorkspacePathLexically({ input, workspaceDir, homeDir, allowRoot });
        if (!result.ok) return;
        const rel = relative(workspaceDir, result.path);
        expect(isAbsolute(result.path)).toBe(true);
        expect(isAbsolute(rel)).toBe(false);
        expect(rel.split("/")).not.toContain("..");
        expect(
          result.path === workspaceDir || result.path.startsWith(workspaceDir === "/" ? "/" : `${workspaceDir}/`),
        ).toBe(true);
        if (!allowRoot) expect(rel).not.toBe("");
      }),
      { numRuns: 2000 },
    );
  });

  it("is idempotent: resolving an accepted path again gives the same path", () => {
    assertProperty(
      fc.property(pathInput, layout, (input, { workspaceDir, homeDir }) => {
        const first = resolveWorkspacePathLexically({ input, workspaceDir, homeDir, allowRoot: true });
        if (!first.ok || first.path.startsWith("@") || first.path.includes("~")) return;
        expect(resolveWorkspacePathLexically({ input: first.path, workspaceDir, homeDir, allowRoot: true })).toEqual(
          first,
        );
      }),
      { numRuns: 2000 },
    );
  });
});
