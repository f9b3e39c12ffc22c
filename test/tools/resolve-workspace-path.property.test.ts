import { isAbsolute, relative } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveWorkspacePathLexically } from "../../src/tools/resolve-workspace-path.js";

const seed = Number(process.env.CLAW_EVAL_SEED ?? 42);

const segment = fc.constantFrom("..", ".", "a", "b", "/", "~", "@", "\u00a0", "\u2000", "\u202f", "\u3000", " ", "w");
const pathInput = fc.array(segment, { maxLength: 12 }).map((parts) => parts.join(""));
const layout = fc.record({
  workspaceDir: fc.constantFrom("/w", "/w/sub", "/w/a b", "/"),
  homeDir: fc.constantFrom("/home/u", "/w", "/w/home", "/w/sub/home", "/"),
  allowRoot: fc.boolean(),
});

function assertProperty(property: fc.IPropertyWithHooks<unknown>): void {
  try {
    fc.assert(property, { seed, numRuns: 2000 });
  } catch (error) {
    throw new Error(`Property failed with seed ${seed} (rerun with CLAW_EVAL_SEED=${seed}):\n${String(error)}`);
  }
}

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
    );
  });
});
