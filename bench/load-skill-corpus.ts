import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** One SKILL.md of the corpus: its folder name and its text. */
export interface CorpusSkill {
  dirName: string;
  text: string;
}

export interface SkillCorpus {
  /** Where the files came from (a folder, or `generated`). */
  origin: string;
  skills: CorpusSkill[];
}

const GENERATED_COUNT = 200;

function listSkillFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name === "SKILL.md") found.push(path);
    }
  };
  walk(dir);
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function generatedSkill(index: number): CorpusSkill {
  const dirName = `generated-skill-${String(index).padStart(4, "0")}`;
  const text = `---\nname: ${dirName}\ndescription: Does task number ${index} with care, step by step.\n---\n\n# ${dirName}\n\nFollow the steps.\n`;
  return { dirName, text };
}

/**
 * Every SKILL.md (sorted by path) of the shared corpora beside the project when present, else of
 * `fixtures/skills/corpus/`, else {@link GENERATED_COUNT} generated simple skills.
 */
export function loadSkillCorpus(projectRoot: string): SkillCorpus {
  for (const dir of [join(projectRoot, "../shared/corpora"), join(projectRoot, "fixtures/skills/corpus")]) {
    if (!existsSync(dir)) continue;
    const files = listSkillFiles(dir);
    if (files.length === 0) continue;
    const skills = files.map((path) => ({ dirName: basename(dirname(path)), text: readFileSync(path, "utf8") }));
    return { origin: dir, skills };
  }
  return { origin: "generated", skills: Array.from({ length: GENERATED_COUNT }, (_, index) => generatedSkill(index)) };
}
