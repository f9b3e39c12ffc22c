import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CorpusSkill } from "./load-skill-corpus.js";
import { renameSkillFrontmatter } from "./rename-skill-frontmatter.js";

/** A temp OpenClaw home and workspace holding `count` skills in the workspace `skills/` root. */
export interface SkillsTree {
  homeDir: string;
  stateDir: string;
  workspaceDir: string;
  skillsRoot: string;
  /** Raises the per-root limits to `count`, so every skill is processed. */
  config: Record<string, unknown>;
  /** The same config as a file, for the CLI's `--config`. */
  configPath: string;
  /** Skill folders written: skill `i` at index `i`. */
  skillDirs: string[];
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let suffix = 2; taken.has(name); suffix++) name = `${base}-${suffix}`;
  taken.add(name);
  return name;
}

/**
 * Writes `count` skills under `<dir>/workspace/skills/`: skill `i` is a copy of corpus file
 * `i mod corpus size` in a folder with a unique name; copies beyond the corpus size get that
 * folder name as their frontmatter `name`, so merging keeps them apart. Home and state dir are
 * empty folders inside `dir`.
 */
export function buildSkillsTree(options: { dir: string; corpus: readonly CorpusSkill[]; count: number }): SkillsTree {
  const { dir, corpus, count } = options;
  const homeDir = join(dir, "home");
  const stateDir = join(homeDir, ".openclaw");
  const workspaceDir = join(dir, "workspace");
  const skillsRoot = join(workspaceDir, "skills");
  mkdirSync(stateDir, { recursive: true });
  mkdirSync(skillsRoot, { recursive: true });
  const taken = new Set<string>();
  const skillDirs: string[] = [];
  for (let index = 0; index < count; index++) {
    const source = corpus[index % corpus.length];
    if (source === undefined) throw new Error("buildSkillsTree: empty corpus");
    const name = uniqueName(source.dirName, taken);
    const text = index < corpus.length ? source.text : renameSkillFrontmatter(source.text, name);
    const skillDir = join(skillsRoot, name);
    mkdirSync(skillDir);
    writeFileSync(join(skillDir, "SKILL.md"), text);
    skillDirs.push(skillDir);
  }
  const config = { skills: { limits: { maxCandidatesPerRoot: count, maxSkillsLoadedPerSource: count } } };
  const configPath = join(dir, "openclaw.json");
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  return { homeDir, stateDir, workspaceDir, skillsRoot, config, configPath, skillDirs };
}
