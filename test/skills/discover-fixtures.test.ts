import { cpSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { OpenClawConfigInput as OpenClawConfig } from "../../src/config/openclaw-config-schema.js";
import { checkSkillEligibility } from "../../src/skills/check-skill-eligibility.js";
import { discoverSkillSources } from "../../src/skills/discover-skill-sources.js";
import { loadEligibilityEnv } from "../../src/skills/load-eligibility-env.js";
import { mergeSkillEntries } from "../../src/skills/merge-skills.js";
import { createWorkspaceRuntime, makeExecutable, makeSymlink, namesOf, skippedOf } from "./discover-test-tree.js";

const FIXTURES = resolve(import.meta.dirname, "../../fixtures/skills");

/** Copies fixture `name` into a fresh runtime's temp root and discovers it as an extra root. */
async function discoverFixture(name: string, options: { env?: Record<string, string>; config?: OpenClawConfig } = {}) {
  const { rt, workspace } = createWorkspaceRuntime(options.env);
  const root = join(rt.root, name);
  cpSync(join(FIXTURES, name), root, { recursive: true });
  const config = { ...options.config, skills: { ...options.config?.skills, load: { extraDirs: [root] } } };
  return { rt, root, config, discovered: await discoverSkillSources(workspace, config, rt) };
}

describe("discovery over fixtures/skills", () => {
  it("base-is-skill: the root is one skill folder", async () => {
    const { discovered, root } = await discoverFixture("base-is-skill");
    expect(namesOf(discovered, root)).toEqual(["rootskill", "child", "base-is-skill"]);
    expect(skippedOf(discovered, root)).toEqual(["README.md: missing-description"]);
  });

  it("multi-md-skill-dir: every top-level .md and nested SKILL.md", async () => {
    const { discovered, root } = await discoverFixture("multi-md-skill-dir");
    expect(namesOf(discovered, root)).toEqual(["foo-extra", "foo", "foo", "sub"]);
    const merged = mergeSkillEntries(discovered.sources);
    expect(merged.entries.map((entry) => entry.skill.filePath.slice(root.length + 1))).toEqual([
      "foo/EXTRA.md",
      "foo/SKILL.md",
      "foo/sub/SKILL.md",
    ]);
  });

  it("nested-skills-rerooting, oversize and empty-directory", async () => {
    const nested = await discoverFixture("nested-skills-rerooting");
    expect(namesOf(nested.discovered, nested.root)).toEqual(["inner"]);
    const oversize = await discoverFixture("oversize");
    expect(namesOf(oversize.discovered, oversize.root)).toEqual(["edge"]);
    expect(skippedOf(oversize.discovered, oversize.root)).toEqual(["big/SKILL.md: oversize"]);
    const empty = await discoverFixture("empty-directory");
    expect(namesOf(empty.discovered, empty.root)).toEqual(["present"]);
    expect(skippedOf(empty.discovered, empty.root)).toEqual(["no-skill-md: no-skill-md"]);
  });

  it("symlink-escape: a link inside the root loads, one leaving it is refused", async () => {
    const { rt, workspace } = createWorkspaceRuntime();
    const copy = join(rt.root, "symlink-escape");
    cpSync(join(FIXTURES, "symlink-escape"), copy, { recursive: true });
    const root = join(copy, "root");
    makeSymlink("../outside/escaped", join(root, "escaped"));
    makeSymlink("inside", join(root, "linked"));
    const discovered = await discoverSkillSources(workspace, { skills: { load: { extraDirs: [root] } } }, rt);
    expect(namesOf(discovered, root)).toEqual(["inside", "inside"]);
    expect(discovered.sources[0]?.skills.map((skill) => skill.filePath.slice(root.length + 1))).toEqual([
      "inside/SKILL.md",
      "linked/SKILL.md",
    ]);
    const errors = discovered.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => [d.file, d.found])).toEqual([
      [join(root, "escaped"), `${join(root, "escaped")} -> ${join(copy, "outside/escaped")}`],
    ]);
  });

  it("duplicate-names-across-sources: the higher tier wins", async () => {
    const { rt, workspace } = createWorkspaceRuntime();
    cpSync(join(FIXTURES, "duplicate-names-across-sources/a"), join(rt.root, "bundled"), { recursive: true });
    cpSync(join(FIXTURES, "duplicate-names-across-sources/b"), join(workspace, "skills"), { recursive: true });
    const config = { skills: { load: { bundledDir: join(rt.root, "bundled") } } };
    const merged = mergeSkillEntries((await discoverSkillSources(workspace, config, rt)).sources);
    expect(merged.entries.map((entry) => `${entry.skill.name}@${entry.skill.source}`)).toEqual([
      "dup@openclaw-workspace",
      "only-a@openclaw-bundled",
    ]);
    expect(merged.overridden.map((override) => `${override.source}->${override.winnerSource}`)).toEqual([
      "openclaw-bundled->openclaw-workspace",
    ]);
  });

  it("always-os-mismatch and requires-bins-env-config: eligibility of the discovered entries", async () => {
    const bin = join(createWorkspaceRuntime().rt.root, "bin");
    makeExecutable(join(bin, "curl"));
    makeExecutable(join(bin, "ag"));
    const verdicts = async (name: string, config: OpenClawConfig) => {
      const { rt, discovered, config: full } = await discoverFixture(name, { env: { PATH: bin }, config });
      const entries = mergeSkillEntries(discovered.sources).entries;
      const env = await loadEligibilityEnv(rt, entries);
      return entries.map((entry) => {
        const result = checkSkillEligibility(entry, full, env);
        return `${entry.skill.name}: ${result.eligible ? "eligible" : result.reason}`;
      });
    };
    expect(await verdicts("always-os-mismatch", {})).toEqual([
      "always-string: missing-bins",
      "mac-always: os-mismatch",
    ]);
    expect(await verdicts("requires-bins-env-config", {})).toEqual([
      "needs-any-bins: eligible",
      "needs-bins: missing-bins",
      "needs-config: missing-config",
      "needs-env: missing-env",
    ]);
    const satisfied = { feature: { x: "on" }, skills: { entries: { gem: { apiKey: "k" } } } } as OpenClawConfig;
    expect(await verdicts("requires-bins-env-config", satisfied)).toEqual([
      "needs-any-bins: eligible",
      "needs-bins: missing-bins",
      "needs-config: eligible",
      "needs-env: eligible",
    ]);
  });
});
