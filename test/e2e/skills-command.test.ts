import { chmodSync, cpSync, mkdirSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PromptReport } from "../../src/prompt/build-prompt-report.js";
import type { SkillsReport } from "../../src/skills/skill-types.js";
import { makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

/** The truncation note of spec/skills.md §9.3. */
const note = (included: number, total: number) =>
  `⚠️ Skills truncated: included ${included} of ${total}. Run \`openclaw skills check\` to audit.`;

/** `<dir>/SKILL.md` with the given frontmatter lines and a short body. */
function writeSkill(dir: string, frontmatter: readonly string[]): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "SKILL.md");
  writeFileSync(file, `---\n${frontmatter.join("\n")}\n---\n\n# ${frontmatter[0]}\n\nBody.\n`);
  return file;
}

/** An executable stub (or, with `executable: false`, a plain file) named `name` in `dir`. */
function writeBin(dir: string, name: string, executable = true): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), "#!/bin/sh\nexit 0\n");
  chmodSync(join(dir, name), executable ? 0o755 : 0o644);
}

/** What discovery reads from the child's environment (DESIGN.md "prompt and skills"). */
interface World {
  home: string;
  /** `OPENCLAW_STATE_DIR`; undefined → unset (default `~/.openclaw`). */
  stateDir?: string;
  /** `OPENCLAW_BUNDLED_SKILLS_DIR`; undefined → unset (no bundled tier). */
  bundledDir?: string;
  /** PATH folders; default one empty folder. */
  path?: readonly string[];
}

/**
 * The child's environment, set explicitly: HOME, the state and bundled dirs, PATH and CI, and
 * every other variable discovery or eligibility reads removed so the host cannot leak in.
 */
function childEnv(world: World): Record<string, string | undefined> {
  return {
    HOME: world.home,
    OPENCLAW_STATE_DIR: world.stateDir,
    OPENCLAW_BUNDLED_SKILLS_DIR: world.bundledDir,
    PATH: (world.path ?? [makeTempDir("claw-eval-e2e-path-")]).join(delimiter),
    CI: "true",
    OPENCLAW_HOME: undefined,
    CLAWDBOT_STATE_DIR: undefined,
    USERPROFILE: undefined,
    TZ: undefined,
    WEATHER_API_KEY: undefined,
  };
}

/** Runs the CLI in HOME (created when missing) with {@link childEnv}. */
function cli(args: readonly string[], world: World) {
  mkdirSync(world.home, { recursive: true });
  return runCliProcess(args, { cwd: world.home, env: childEnv(world) });
}

async function skillsJson(workspace: string, world: World, extra: readonly string[] = []): Promise<SkillsReport> {
  const run = await cli(["skills", workspace, "--json", ...extra], world);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as SkillsReport;
}

function writeConfig(dir: string, config: unknown): string {
  const file = join(dir, "config.json");
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/**
 * The example of spec/skills.md §14: bundled `alpha`, `github`; workspace `github` (overrides),
 * `zed` (`bins: ["zz"]`), `hid` (`disable-model-invocation: true`).
 */
function specExample() {
  const root = makeTempDir();
  const home = join(root, "home");
  const bundledDir = join(root, "bundled");
  const ws = join(root, "ws");
  mkdirSync(home);
  mkdirSync(ws);
  const alpha = writeSkill(join(bundledDir, "alpha"), ["name: alpha", "description: Alpha skill"]);
  const bundledGithub = writeSkill(join(bundledDir, "github"), ["name: github", "description: Bundled GitHub"]);
  const github = writeSkill(join(ws, "skills", "github"), ["name: github", "description: Workspace GitHub"]);
  const hid = writeSkill(join(ws, "skills", "hid"), [
    "name: hid",
    "description: Hidden from the model",
    "disable-model-invocation: true",
  ]);
  const zed = writeSkill(join(ws, "skills", "zed"), [
    "name: zed",
    "description: Needs zz",
    'metadata: {"openclaw":{"requires":{"bins":["zz"]}}}',
  ]);
  const world: World = { home, stateDir: join(root, "state"), bundledDir };
  return { root, ws, world, files: { alpha, bundledGithub, github, hid, zed } };
}

describe("claw-eval skills (real binary)", () => {
  it("prints the DESIGN.md JSON report: keys, every source in precedence order with its root, reason codes", async () => {
    const root = makeTempDir();
    const ws = join(root, "ws");
    cpSync(join(PROJECT_ROOT, "fixtures/workspaces/skills-demo"), ws, { recursive: true });
    const home = join(root, "home");
    const stateDir = join(root, "state");
    const bundledDir = join(root, "bundled");
    const extraDir = join(root, "extra");
    const binDir = join(root, "bin");
    writeBin(binDir, "git");
    writeSkill(join(extraDir, "extra-skill"), ["name: extra-skill", "description: From skills.load.extraDirs"]);
    writeSkill(join(bundledDir, "bundled-hello"), ["name: bundled-hello", "description: From the bundled tier"]);
    writeSkill(join(stateDir, "skills", "managed-tool"), ["name: managed-tool", "description: Managed skill"]);
    writeSkill(join(home, ".agents", "skills", "personal-notes"), [
      "name: personal-notes",
      "description: Personal notes & reminders",
    ]);
    const config = writeConfig(root, { skills: { load: { extraDirs: [extraDir] } } });
    const world: World = { home, stateDir, bundledDir, path: [binDir] };

    const report = await skillsJson(ws, world, ["--config", config]);

    expect(Object.keys(report)).toEqual([
      "sources",
      "discovered",
      "eligible",
      "excluded",
      "included",
      "dropped",
      "truncated",
      "promptChars",
      "overheadChars",
      "prompt",
    ]);
    expect(report.sources.map(({ source, root: sourceRoot, loaded }) => [source, sourceRoot, loaded])).toEqual([
      ["openclaw-extra", extraDir, 1],
      ["openclaw-bundled", bundledDir, 1],
      ["openclaw-managed", join(stateDir, "skills"), 1],
      ["agents-skills-personal", join(home, ".agents", "skills"), 1],
      ["agents-skills-project", join(ws, ".agents", "skills"), 1],
      ["openclaw-workspace", join(ws, "skills"), 7],
    ]);
    for (const source of report.sources) expect(Object.keys(source)).toEqual(["source", "root", "loaded", "skipped"]);
    expect(report.sources.map((source) => source.skipped)).toEqual([
      [],
      [],
      [],
      [],
      [{ path: join(ws, ".agents", "skills", "todo-triage", "SKILL.md"), reason: "shadowed" }],
      [],
    ]);

    for (const skill of report.discovered) expect(Object.keys(skill)).toEqual(["name", "source", "path"]);
    expect(report.discovered.map((skill) => [skill.name, skill.source])).toEqual([
      ["extra-skill", "openclaw-extra"],
      ["bundled-hello", "openclaw-bundled"],
      ["managed-tool", "openclaw-managed"],
      ["personal-notes", "agents-skills-personal"],
      // first inserted by the project tier, so it keeps that position; the workspace copy wins (§5)
      ["todo-triage", "openclaw-workspace"],
      ["git-helper", "openclaw-workspace"],
      ["mac-clipboard", "openclaw-workspace"],
      ["meeting-notes", "openclaw-workspace"],
      ["pr-review", "openclaw-workspace"],
      ["release-notes", "openclaw-workspace"],
      ["weather", "openclaw-workspace"],
    ]);
    expect(report.discovered.find((skill) => skill.name === "todo-triage")?.path).toBe(
      join(ws, "skills", "todo-triage", "SKILL.md"),
    );
    expect(report.discovered.find((skill) => skill.name === "personal-notes")?.path).toBe(
      join(home, ".agents", "skills", "personal-notes", "SKILL.md"),
    );

    // mac-clipboard is darwin-only; on a macOS host it passes the os check and fails on its bins.
    const macReason = process.platform === "darwin" ? "missing-bins" : "os-mismatch";
    expect(report.excluded).toEqual([
      { name: "mac-clipboard", reason: macReason },
      { name: "pr-review", reason: "missing-bins" },
      { name: "weather", reason: "missing-env" },
    ]);
    const visible = [
      "extra-skill",
      "bundled-hello",
      "managed-tool",
      "personal-notes",
      "todo-triage",
      "git-helper",
      "meeting-notes",
    ];
    expect(report.eligible).toEqual([...visible, "release-notes"]);
    expect(report.included).toEqual(visible);
    expect(report.dropped).toEqual([{ name: "release-notes", reason: "disable-model-invocation" }]);
    expect(report.truncated).toBe(false);
    expect(report.overheadChars).toBe(368);
    expect(report.promptChars).toBe(report.prompt.length);

    // No note: the untrimmed catalog starts with two newlines (§11); locations under HOME are compacted.
    expect(report.prompt.startsWith("\n\nThe skills listed below")).toBe(true);
    expect(report.prompt).toContain("<available_skills>");
    expect(report.prompt).toContain("<location>~/.agents/skills/personal-notes/SKILL.md</location>");
    expect(report.prompt).toContain(`<location>${join(stateDir, "skills", "managed-tool", "SKILL.md")}</location>`);
    expect(report.prompt).toContain("<description>Personal notes &amp; reminders</description>");
    expect(report.prompt).toContain(
      "<description>Turn a meeting transcript into notes &amp; action items, at most one page (&lt;600 words).</description>",
    );
    expect(report.prompt).not.toContain("<name>release-notes</name>");
  });

  it("reproduces the example of spec §14 (shadowed, missing-bins, hidden, count-limit, truncation note)", async () => {
    const { root, ws, world, files } = specExample();
    const config = writeConfig(root, { skills: { limits: { maxSkillsInPrompt: 1 } } });

    const report = await skillsJson(ws, world, ["--config", config]);

    expect(report.sources).toEqual([
      {
        source: "openclaw-bundled",
        root: world.bundledDir,
        loaded: 2,
        skipped: [{ path: files.bundledGithub, reason: "shadowed" }],
      },
      { source: "openclaw-managed", root: join(world.stateDir ?? "", "skills"), loaded: 0, skipped: [] },
      { source: "agents-skills-personal", root: join(world.home, ".agents", "skills"), loaded: 0, skipped: [] },
      { source: "agents-skills-project", root: join(ws, ".agents", "skills"), loaded: 0, skipped: [] },
      { source: "openclaw-workspace", root: join(ws, "skills"), loaded: 3, skipped: [] },
    ]);
    expect(report.discovered).toEqual([
      { name: "alpha", source: "openclaw-bundled", path: files.alpha },
      { name: "github", source: "openclaw-workspace", path: files.github },
      { name: "hid", source: "openclaw-workspace", path: files.hid },
      { name: "zed", source: "openclaw-workspace", path: files.zed },
    ]);
    expect(report.excluded).toEqual([{ name: "zed", reason: "missing-bins" }]);
    expect(report.eligible).toEqual(["alpha", "github", "hid"]);
    expect(report.included).toEqual(["alpha"]);
    expect(report.dropped).toEqual([
      { name: "hid", reason: "disable-model-invocation" },
      { name: "github", reason: "count-limit" },
    ]);
    expect(report.truncated).toBe(true);
    expect(report.overheadChars).toBe(368);
    // The note, then the catalog (which starts with two newlines): two blank lines between them (§9.3).
    expect(report.prompt.startsWith(`${note(1, 2)}\n\n\nThe skills listed below`)).toBe(true);
    expect(note(1, 2)).toHaveLength(75);
    // §9.2: 368 + 97 + |name| + |description| + |location| for the one chosen skill, plus the note and "\n".
    const catalog = 368 + 97 + "alpha".length + "Alpha skill".length + files.alpha.length;
    expect(report.promptChars).toBe(75 + 1 + catalog);
    expect(report.promptChars).toBe(report.prompt.length);
    expect(report.prompt).toContain(`<location>${files.alpha}</location>`);
  });

  it("reads personal skills from ~/.agents/skills and managed skills from the state dir (default ~/.openclaw)", async () => {
    const root = makeTempDir();
    const ws = join(root, "ws");
    mkdirSync(ws);
    const home = join(root, "home");
    const personal = writeSkill(join(home, ".agents", "skills", "p"), ["name: p", "description: personal"]);
    const managedDefault = writeSkill(join(home, ".openclaw", "skills", "m"), ["name: m", "description: managed"]);
    const personalShared = writeSkill(join(home, ".agents", "skills", "shared"), [
      "name: shared",
      "description: personal copy",
    ]);
    const managedShared = writeSkill(join(home, ".openclaw", "skills", "shared"), [
      "name: shared",
      "description: managed copy",
    ]);

    const byDefault = await skillsJson(ws, { home });
    expect(byDefault.sources.map((source) => [source.source, source.root, source.loaded])).toEqual([
      ["openclaw-managed", join(home, ".openclaw", "skills"), 2],
      ["agents-skills-personal", join(home, ".agents", "skills"), 2],
      ["agents-skills-project", join(ws, ".agents", "skills"), 0],
      ["openclaw-workspace", join(ws, "skills"), 0],
    ]);
    // personal (tier 4) beats managed (tier 3); the name keeps its first (managed) position
    expect(byDefault.discovered).toEqual([
      { name: "m", source: "openclaw-managed", path: managedDefault },
      { name: "shared", source: "agents-skills-personal", path: personalShared },
      { name: "p", source: "agents-skills-personal", path: personal },
    ]);
    expect(byDefault.sources[0]?.skipped).toEqual([{ path: managedShared, reason: "shadowed" }]);
    expect(byDefault.included).toEqual(["m", "shared", "p"]);
    expect(byDefault.prompt).toContain("<location>~/.openclaw/skills/m/SKILL.md</location>");
    expect(byDefault.prompt).toContain("<location>~/.agents/skills/p/SKILL.md</location>");

    const stateDir = join(root, "srv-openclaw");
    const managed = writeSkill(join(stateDir, "skills", "srv"), ["name: srv", "description: from the state dir"]);
    const explicit = await skillsJson(ws, { home, stateDir });
    expect(explicit.sources.slice(0, 2).map((source) => [source.source, source.root, source.loaded])).toEqual([
      ["openclaw-managed", join(stateDir, "skills"), 1],
      ["agents-skills-personal", join(home, ".agents", "skills"), 2],
    ]);
    expect(explicit.discovered).toEqual([
      { name: "srv", source: "openclaw-managed", path: managed },
      { name: "p", source: "agents-skills-personal", path: personal },
      { name: "shared", source: "agents-skills-personal", path: personalShared },
    ]);
    expect(explicit.prompt).toContain(`<location>${managed}</location>`);
  });

  it("finds required bins on the child's PATH: an executable makes a bins-gated skill eligible", async () => {
    const root = makeTempDir();
    const ws = join(root, "ws");
    writeSkill(join(ws, "skills", "zed"), [
      "name: zed",
      "description: Needs zz",
      'metadata: {"openclaw":{"requires":{"bins":["zz"]}}}',
    ]);
    writeSkill(join(ws, "skills", "notexec"), [
      "name: notexec",
      "description: Needs nx",
      'metadata: {"openclaw":{"requires":{"bins":["nx"]}}}',
    ]);
    writeSkill(join(ws, "skills", "any"), [
      "name: any",
      "description: Needs jq or zz",
      'metadata: {"openclaw":{"requires":{"anyBins":["jq","zz"]}}}',
    ]);
    const binDir = join(root, "bin");
    writeBin(binDir, "zz");
    writeBin(binDir, "nx", false);
    const home = join(root, "home");
    mkdirSync(home);

    const without = await skillsJson(ws, { home });
    expect(without.excluded).toEqual([
      { name: "any", reason: "missing-any-bins" },
      { name: "notexec", reason: "missing-bins" },
      { name: "zed", reason: "missing-bins" },
    ]);
    expect(without.prompt).toBe("");
    expect(without.promptChars).toBe(0);
    expect(without.overheadChars).toBe(368);

    const withBin = await skillsJson(ws, { home, path: [makeTempDir(), binDir] });
    expect(withBin.eligible).toEqual(["any", "zed"]);
    expect(withBin.excluded).toEqual([{ name: "notexec", reason: "missing-bins" }]);
    expect(withBin.included).toEqual(["any", "zed"]);
  });

  it("uses <state dir>/openclaw.json without --config, and --config instead of it", async () => {
    const { root, ws, world } = specExample();
    const stateDir = world.stateDir ?? "";
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(
      join(stateDir, "openclaw.json"),
      // JSON5, as openclaw.json is; `limts` is an unknown key: a warning on stderr, stdout stays one JSON document
      "{ skills: { entries: { alpha: { enabled: false } }, limts: {} } }",
    );
    const fromState = await cli(["skills", ws, "--json"], world);
    expect(fromState.code).toBe(0);
    expect(fromState.stderr).toContain(join(stateDir, "openclaw.json"));
    expect(fromState.stderr).toMatch(/skills\.limts/);
    expect(fromState.stderr).toMatch(/did you mean limits/);
    const report = JSON.parse(fromState.stdout) as SkillsReport;
    expect(report.excluded).toEqual([
      { name: "alpha", reason: "disabled" },
      { name: "zed", reason: "missing-bins" },
    ]);
    expect(report.included).toEqual(["github"]);
    expect(report.truncated).toBe(false);

    const explicit = await skillsJson(ws, world, ["--config", writeConfig(root, {})]);
    expect(explicit.excluded).toEqual([{ name: "zed", reason: "missing-bins" }]);
    expect(explicit.included).toEqual(["alpha", "github"]);
  });

  it("prints the readable funnel without --json: per-source table, overridden, ineligible, dropped, prompt size", async () => {
    const { root, ws, world } = specExample();
    const config = writeConfig(root, { skills: { limits: { maxSkillsInPrompt: 1 } } });
    const report = await skillsJson(ws, world, ["--config", config]);

    const run = await cli(["skills", ws, "--config", config], world);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const lines = run.stdout.split("\n");
    expect(run.stdout).toMatch(/source\s.*root\s.*loaded\s.*won\s.*skipped/);
    for (const source of report.sources) {
      expect(lines.some((line) => line.includes(source.source) && line.includes(source.root))).toBe(true);
    }
    expect(lines.find((line) => line.includes("openclaw-bundled"))).toMatch(/\b2\s.*\b1\s.*shadowed ×1/);
    expect(lines).toContain("Overridden: github (openclaw-bundled → openclaw-workspace)");
    expect(lines).toContain("Ineligible: zed (missing-bins)");
    expect(lines).toContain("Dropped by visibility: hid");
    expect(lines).toContain("Dropped by count limit: github");
    expect(lines).toContain("Dropped by char budget: none");
    expect(lines).toContain("Funnel: discovered 4 → eligible 3 → visible 2 → included 1 (truncated)");
    expect(lines).toContain(`Prompt: ${report.promptChars} chars (budget 30000, catalog overhead 368)`);
  });

  it("lists every source with nothing loaded for a workspace without skills, and an empty prompt", async () => {
    const root = makeTempDir();
    const ws = join(root, "ws");
    mkdirSync(ws);
    const report = await skillsJson(ws, { home: join(root, "home") });
    expect(report.sources.map((source) => [source.source, source.loaded, source.skipped])).toEqual([
      ["openclaw-managed", 0, []],
      ["agents-skills-personal", 0, []],
      ["agents-skills-project", 0, []],
      ["openclaw-workspace", 0, []],
    ]);
    expect(report).toMatchObject({
      discovered: [],
      eligible: [],
      excluded: [],
      included: [],
      dropped: [],
      truncated: false,
      promptChars: 0,
      overheadChars: 368,
      prompt: "",
    });
  });

  it("exits 2 for a missing workspace or a file given as one, printing nothing on stdout", async () => {
    const home = makeTempDir();
    const missing = await cli(["skills", join(home, "nope"), "--json"], { home });
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toMatch(/expected a workspace folder, found nothing/);
    writeFileSync(join(home, "file.md"), "x");
    const file = await cli(["skills", join(home, "file.md")], { home });
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/expected a workspace folder, found a file/);
  });
});

describe("claw-eval prompt on a workspace with skills (real binary)", () => {
  it("reports the same included skills as `skills` and puts the catalog under ## Skills (mandatory)", async () => {
    const root = makeTempDir();
    const ws = join(root, "ws");
    cpSync(join(PROJECT_ROOT, "fixtures/workspaces/skills-demo"), ws, { recursive: true });
    const binDir = join(root, "bin");
    writeBin(binDir, "git");
    const home = join(root, "home");
    writeSkill(join(home, ".agents", "skills", "personal-notes"), [
      "name: personal-notes",
      "description: Personal notes & reminders",
    ]);
    const world: World = { home, stateDir: join(root, "state"), path: [binDir] };
    const skills = await skillsJson(ws, world);

    const run = await cli(["prompt", ws, "--json"], world);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as PromptReport;
    expect(report.skills).toEqual({
      included: skills.included,
      truncated: skills.truncated,
      promptChars: skills.promptChars,
    });
    expect(report.skills.included).toEqual(["personal-notes", "todo-triage", "git-helper", "meeting-notes"]);
    expect(report.headings).toContain("## Skills (mandatory)");
    expect(report.text).toContain("## Skills (mandatory)\n");
    // the system prompt holds the skills prompt trimmed (spec/prompt.md §6.6)
    expect(report.text).toContain(skills.prompt.trim());
    expect(report.text).toContain("<location>~/.agents/skills/personal-notes/SKILL.md</location>");
    expect(report.text).toContain(`<location>${join(ws, "skills", "git-helper", "SKILL.md")}</location>`);
    expect(report.text).not.toContain("<name>release-notes</name>");
    const catalog = report.sections.find((section) => section.heading === "## Skills (mandatory)");
    expect(catalog?.chars).toBeGreaterThan(skills.prompt.trim().length);

    const plain = await cli(["prompt", ws], world);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe(`${report.text}\n`);
  });
});
