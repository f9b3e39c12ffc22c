import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { isMain } from "./is-main.js";

/**
 * The read floor of a whole `skills` process, as a bare node process sees it: list `root`, list
 * every child folder and read its SKILL.md, with node's promise API and nothing else loaded.
 * Resolves the characters read. Run as a script, prints them: `node read-skills-bare.js <root>`.
 */
export async function readSkillsBare(root: string): Promise<number> {
  const entries = await readdir(root, { withFileTypes: true });
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => {
        const dir = join(root, entry.name);
        await readdir(dir);
        return (await readFile(join(dir, "SKILL.md"), "utf8")).length;
      }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

if (isMain(import.meta.url)) {
  const root = process.argv[2];
  if (root === undefined) throw new Error("usage: node read-skills-bare.js <skills root>");
  process.stdout.write(`${await readSkillsBare(root)}\n`);
}
