import { join } from "node:path";
import type { FileSystem } from "../src/domain/index.js";
import { mapWithConcurrency } from "../src/skills/map-with-concurrency.js";

/** The skills pipeline's per-root bound on folders in flight (discover-skill-root.ts). */
const CONCURRENCY = 256;

/**
 * The floor of a skills scan: lists `root`, then lists every child folder and reads its
 * SKILL.md, through the same FileSystem calls and the same concurrency as discovery, and
 * nothing else. Resolves the characters read.
 */
export async function readSkillsFloor(fs: FileSystem, root: string): Promise<number> {
  const entries = await fs.readDirectory(root);
  const folders = entries.filter((entry) => entry.kind === "directory");
  const sizes = await mapWithConcurrency(folders, {
    concurrency: CONCURRENCY,
    run: async (entry) => {
      const dir = join(root, entry.name);
      await fs.readDirectory(dir);
      return (await fs.readText(join(dir, "SKILL.md"))).length;
    },
  });
  return sizes.reduce((sum, size) => sum + size, 0);
}
