import { join } from "node:path";
import type { Runtime } from "../domain/index.js";
import { SKILLS_WATCH_IGNORED_SEGMENTS } from "../skills/is-skills-watch-target.js";

const IGNORED = SKILLS_WATCH_IGNORED_SEGMENTS;

/**
 * A fingerprint of the files the skills watcher watches (spec/skills.md §12.3): `<root>/SKILL.md`
 * and `<root>/*\/SKILL.md` of each watched root (ignored folders such as `node_modules` left
 * out), with size and modification time. Two equal
 * fingerprints mean the watcher would have seen no add, change or unlink.
 */
export async function readSkillsFingerprint(roots: readonly string[], runtime: Runtime): Promise<string> {
  const parts: string[] = [];
  const describe = async (path: string) => {
    const stats = await runtime.fs.stat(path);
    if (stats?.kind === "file") parts.push(`${path}\u0000${stats.size}\u0000${stats.mtimeMs}`);
  };
  for (const root of roots) {
    // Most roots do not exist; one stat says so without the error a failed listing builds.
    if ((await runtime.fs.stat(root))?.kind !== "directory") continue;
    await describe(join(root, "SKILL.md"));
    const entries = await runtime.fs.readDirectory(root).catch((error: { code?: string }) => {
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return [];
      throw error;
    });
    for (const entry of entries) {
      if (IGNORED.has(entry.name)) continue;
      if (entry.kind === "directory" || entry.kind === "symlink") await describe(join(root, entry.name, "SKILL.md"));
    }
  }
  return parts.join("\n");
}
