// Guards `repo=` against: a configured root that is not a folder winning, the workspace's own
// repository losing to the working directory's, and the working directory's repository used
// when it is the workspace itself (walked twice) or the workspace already has one.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { findRepoRoot } from "../../src/prompt/find-repo-root.js";

describe("findRepoRoot", () => {
  it("takes the configured folder, else the workspace's repository, else the working directory's", async () => {
    const runtime = createTestRuntime({
      files: { "repo/.git/HEAD": "ref\n", "repo/ws/a.md": "a", "plain/ws/a.md": "a" },
    });
    const config = resolveOpenClawConfig({});
    const inRepo = join(runtime.root, "repo/ws");
    const outside = join(runtime.root, "plain/ws");
    expect(await findRepoRoot({ config, workspaceDir: inRepo, runtime })).toBe(join(runtime.root, "repo"));
    expect(await findRepoRoot({ config, workspaceDir: outside, cwd: inRepo, runtime })).toBe(
      join(runtime.root, "repo"),
    );
    expect(await findRepoRoot({ config, workspaceDir: outside, cwd: outside, runtime })).toBeUndefined();
    mkdirSync(join(runtime.root, "pinned"));
    const pinned = resolveOpenClawConfig({ agents: { defaults: { repoRoot: join(runtime.root, "pinned") } } });
    expect(await findRepoRoot({ config: pinned, workspaceDir: outside, runtime })).toBe(join(runtime.root, "pinned"));
    const missing = resolveOpenClawConfig({ agents: { defaults: { repoRoot: join(runtime.root, "nowhere") } } });
    expect(await findRepoRoot({ config: missing, workspaceDir: inRepo, runtime })).toBe(join(runtime.root, "repo"));
  });
});
