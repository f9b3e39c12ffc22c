import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSkillEligibility } from "../../src/skills/check-skill-eligibility.js";
import { createSkillParseCache } from "../../src/skills/create-skill-parse-cache.js";
import { discoverSkillSources, discoverSkillSourcesWith } from "../../src/skills/discover-skill-sources.js";
import { loadEligibilityEnv } from "../../src/skills/load-eligibility-env.js";
import { mergeSkillEntries } from "../../src/skills/merge-skills.js";
import { resolveSkillRoots } from "../../src/skills/resolve-skill-roots.js";
import {
  createWorkspaceRuntime,
  loadedNames,
  makeExecutable,
  makeSymlink,
  skillText,
  writeTree,
} from "./discover-test-tree.js";

describe("resolveSkillRoots (spec/skills.md §3)", () => {
  it("lists every root lowest precedence first, expanding ~ and resolving relative extraDirs", () => {
    const { roots, diagnostics } = resolveSkillRoots({
      workspaceDir: "/w",
      homeDir: "/home/alice",
      stateDir: "/home/alice/.openclaw",
      env: { OPENCLAW_BUNDLED_SKILLS_DIR: "  /opt/bundled  " },
      config: {
        skills: {
          load: {
            extraDirs: ["~/shared", " ", "rel/dir", 42 as unknown as string, "~", "/abs "],
            bundledDir: "/ignored",
          },
        },
      },
    });
    expect(diagnostics).toEqual([]);
    expect(roots).toEqual([
      { source: "openclaw-extra", root: "/home/alice/shared" },
      { source: "openclaw-extra", root: "/w/rel/dir" },
      { source: "openclaw-extra", root: "/home/alice" },
      { source: "openclaw-extra", root: "/abs" },
      { source: "openclaw-bundled", root: "/opt/bundled" },
      { source: "openclaw-managed", root: "/home/alice/.openclaw/skills" },
      { source: "agents-skills-personal", root: "/home/alice/.agents/skills" },
      { source: "agents-skills-project", root: "/w/.agents/skills" },
      { source: "openclaw-workspace", root: "/w/skills" },
    ]);
  });

  it("uses skills.load.bundledDir without the env variable, and no bundled root without either", () => {
    const base = { workspaceDir: "/w", homeDir: "/h", stateDir: "/srv/oc" };
    const withConfig = resolveSkillRoots({
      ...base,
      env: { OPENCLAW_BUNDLED_SKILLS_DIR: "  " },
      config: { skills: { load: { bundledDir: "/b" } } },
    });
    expect(withConfig.roots.filter((root) => root.source === "openclaw-bundled")).toEqual([
      { source: "openclaw-bundled", root: "/b" },
    ]);
    const none = resolveSkillRoots({ ...base, env: {}, config: {} });
    expect(none.roots.map((root) => root.source)).toEqual([
      "openclaw-managed",
      "agents-skills-personal",
      "agents-skills-project",
      "openclaw-workspace",
    ]);
    expect(none.roots[0]?.root).toBe("/srv/oc/skills");
    expect(none.roots[1]?.root).toBe("/h/.agents/skills");
  });

  it("resolves relative extraDirs against cwd when given", () => {
    const { roots } = resolveSkillRoots({
      workspaceDir: "/w",
      cwd: "/elsewhere",
      homeDir: "/h",
      stateDir: "/h/.openclaw",
      env: {},
      config: { skills: { load: { extraDirs: ["x"] } } },
    });
    expect(roots[0]).toEqual({ source: "openclaw-extra", root: "/elsewhere/x" });
  });

  it("folds plugin skill dirs into the extra tier after extraDirs, dropping escaping ones and acpx when acp is off", () => {
    const { roots, diagnostics } = resolveSkillRoots({
      workspaceDir: "/w",
      homeDir: "/h",
      stateDir: "/h/.openclaw",
      env: {},
      config: { skills: { load: { extraDirs: ["/x"] } }, acp: { enabled: false } },
      plugins: [
        { id: "p", rootDir: "/plugins/p", skills: ["skills", "../outside", " "] },
        { id: "acpx", rootDir: "/plugins/acpx", skills: ["skills"] },
      ],
    });
    expect(roots.slice(0, 2)).toEqual([
      { source: "openclaw-extra", root: "/x" },
      { source: "openclaw-extra", root: "/plugins/p/skills", plugin: "p" },
    ]);
    expect(roots[2]?.source).toBe("openclaw-managed");
    expect(diagnostics.map((d) => [d.file, d.found, d.severity])).toEqual([
      ["/plugins/p/openclaw.plugin.json", "/plugins/outside", "warning"],
    ]);
  });
});

describe("discoverSkillSources (spec/skills.md §3)", () => {
  it("scans every source on disk in precedence order", async () => {
    const { rt, workspace } = createWorkspaceRuntime();
    const bundled = join(rt.root, "bundled");
    const extra = join(rt.root, "home", "shared");
    writeTree(rt.root, {
      "bundled/b1/SKILL.md": skillText(),
      "home/shared/e1/SKILL.md": skillText(),
      "home/.openclaw/skills/m1/SKILL.md": skillText(),
      "home/.agents/skills/p1/SKILL.md": skillText(),
      "w/.agents/skills/j1/SKILL.md": skillText(),
      "w/skills/w1/SKILL.md": skillText(),
    });
    const config = { skills: { load: { extraDirs: ["~/shared"], bundledDir: bundled } } };
    const discovered = await discoverSkillSources(workspace, config, rt);
    expect(discovered.sources.map((source) => [source.source, source.root])).toEqual([
      ["openclaw-extra", extra],
      ["openclaw-bundled", bundled],
      ["openclaw-managed", join(rt.root, "home/.openclaw/skills")],
      ["agents-skills-personal", join(rt.root, "home/.agents/skills")],
      ["agents-skills-project", join(workspace, ".agents/skills")],
      ["openclaw-workspace", join(workspace, "skills")],
    ]);
    expect(loadedNames(discovered)).toEqual([
      "openclaw-extra:e1",
      "openclaw-bundled:b1",
      "openclaw-managed:m1",
      "agents-skills-personal:p1",
      "agents-skills-project:j1",
      "openclaw-workspace:w1",
    ]);
    const w1 = discovered.sources[5]?.skills[0];
    expect(w1).toEqual({
      name: "w1",
      description: "d",
      filePath: join(workspace, "skills/w1/SKILL.md"),
      baseDir: join(workspace, "skills/w1"),
      source: "openclaw-workspace",
      disableModelInvocation: false,
    });
    expect(discovered.sources[5]?.entries[0]?.skill).toBe(w1);
    expect(discovered.diagnostics).toEqual([]);
  });

  it("takes the bundled root from OPENCLAW_BUNDLED_SKILLS_DIR (trimmed) and the managed root from the state dir", async () => {
    const { rt, workspace } = createWorkspaceRuntime();
    writeTree(rt.root, { "env-bundled/b/SKILL.md": skillText(), "state/skills/m/SKILL.md": skillText() });
    const runtime = { ...rt, env: { ...rt.env, OPENCLAW_BUNDLED_SKILLS_DIR: ` ${join(rt.root, "env-bundled")} ` } };
    const discovered = await discoverSkillSources(workspace, {}, { ...runtime, stateDir: join(rt.root, "state") });
    expect(loadedNames(discovered)).toEqual(["openclaw-bundled:b", "openclaw-managed:m"]);
  });

  it("gives every missing or empty root an empty source", async () => {
    const { rt, workspace } = createWorkspaceRuntime();
    writeTree(workspace, { "skills/notes.txt": "x", "skills/.hidden/SKILL.md": skillText() });
    const discovered = await discoverSkillSources(workspace, {}, rt);
    expect(discovered.sources.map((source) => [source.source, source.skills.length, source.skipped.length])).toEqual([
      ["openclaw-managed", 0, 0],
      ["agents-skills-personal", 0, 0],
      ["agents-skills-project", 0, 0],
      ["openclaw-workspace", 0, 0],
    ]);
    expect(discovered.diagnostics).toEqual([]);
  });

  it("warns when a plugin's declared skill dir is missing and loads the ones present", async () => {
    const { rt, workspace } = createWorkspaceRuntime();
    const pluginDir = join(rt.root, "plugins", "p");
    writeTree(pluginDir, { "skills/ps/SKILL.md": skillText() });
    const discovered = await discoverSkillSourcesWith({
      workspaceDir: workspace,
      config: {},
      rt,
      plugins: [{ id: "p", rootDir: pluginDir, skills: ["skills", "gone"] }],
    });
    expect(loadedNames(discovered)).toEqual(["openclaw-extra:ps"]);
    expect(discovered.diagnostics.map((d) => [d.file, d.severity])).toEqual([[join(pluginDir, "gone"), "warning"]]);
  });

  it("reads each SKILL.md once, and with a parse cache skips unchanged files on the next discovery", async () => {
    const { rt, workspace } = createWorkspaceRuntime();
    writeTree(workspace, { "skills/a/SKILL.md": skillText(), "skills/b/SKILL.md": skillText() });
    const reads: string[] = [];
    const readText = (path: string) => {
      reads.push(path);
      return rt.fs.readText(path);
    };
    const fs = { ...rt.fs, readText };
    const counted = { ...rt, fs };
    const parseCache = createSkillParseCache();
    const first = await discoverSkillSourcesWith({ workspaceDir: workspace, config: {}, rt: counted, parseCache });
    expect(reads.map((path) => path.slice(workspace.length + 1))).toEqual(["skills/a/SKILL.md", "skills/b/SKILL.md"]);
    reads.length = 0;
    writeTree(workspace, { "skills/b/SKILL.md": skillText({ description: "changed and longer" }) });
    const second = await discoverSkillSourcesWith({ workspaceDir: workspace, config: {}, rt: counted, parseCache });
    expect(reads.map((path) => path.slice(workspace.length + 1))).toEqual(["skills/b/SKILL.md"]);
    expect(second.sources.at(-1)?.skills.map((skill) => skill.description)).toEqual(["d", "changed and longer"]);
    expect(second.sources.at(-1)?.skills[0]).toEqual(first.sources.at(-1)?.skills[0]);
  });

  it("follows a root that is itself a symlink (its real path becomes the containment root)", async () => {
    const { rt, workspace } = createWorkspaceRuntime();
    const store = join(rt.root, "dotfiles", "agent-skills");
    writeTree(store, { "p/SKILL.md": skillText() });
    makeSymlink(store, join(rt.root, "home/.agents/skills"));
    const discovered = await discoverSkillSources(workspace, {}, rt);
    expect(loadedNames(discovered)).toEqual(["agents-skills-personal:p"]);
    expect(discovered.sources[1]?.skills[0]?.filePath).toBe(join(rt.root, "home/.agents/skills/p/SKILL.md"));
  });

  it("reproduces the worked example of §15 through merge and eligibility", async () => {
    const bin = join(createWorkspaceRuntime().rt.root, "bin");
    makeExecutable(join(bin, "git"));
    const { rt, workspace } = createWorkspaceRuntime({ PATH: bin });
    const git = `metadata: {"openclaw":{"requires":{"bins":["git"]}}}`;
    writeTree(rt.root, {
      "home/.agents/skills/git/SKILL.md": skillText({ name: "git", description: "personal git" }),
      "home/.agents/skills/order-handler/SKILL.md": skillText({ description: "Handle orders & payments <fast>" }),
      "w/skills/git/SKILL.md": skillText({ name: "git", description: "Core git operations.", extra: git }),
      "bundled/alpha/SKILL.md": skillText({ description: "Alpha skill" }),
      "bundled/weather/SKILL.md": skillText({ extra: `metadata: {"openclaw":{"requires":{"bins":["curl"]}}}` }),
    });
    const config = { skills: { load: { bundledDir: join(rt.root, "bundled") } } };
    const discovered = await discoverSkillSources(workspace, config, rt);
    const merged = mergeSkillEntries(discovered.sources);
    expect(merged.entries.map((entry) => `${entry.skill.name}@${entry.skill.source}`)).toEqual([
      "alpha@openclaw-bundled",
      "weather@openclaw-bundled",
      "git@openclaw-workspace",
      "order-handler@agents-skills-personal",
    ]);
    expect(merged.overridden).toEqual([
      {
        name: "git",
        source: "agents-skills-personal",
        path: join(rt.root, "home/.agents/skills/git/SKILL.md"),
        winnerSource: "openclaw-workspace",
        winnerPath: join(workspace, "skills/git/SKILL.md"),
      },
    ]);
    const env = await loadEligibilityEnv(rt, merged.entries);
    const verdicts = merged.entries.map((entry) => [entry.skill.name, checkSkillEligibility(entry, config, env)]);
    expect(verdicts).toEqual([
      ["alpha", { eligible: true }],
      ["weather", { eligible: false, reason: "missing-bins" }],
      ["git", { eligible: true }],
      ["order-handler", { eligible: true }],
    ]);
  });
});
