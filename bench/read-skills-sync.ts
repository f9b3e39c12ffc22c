import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A reference beside the floor, not the floor: the same listings and reads as
 * `readSkillsFloor` through node's synchronous calls (no Runtime, no promises), to show what
 * the asynchronous `readText` costs on this machine. Returns the characters read.
 */
export function readSkillsSync(root: string): number {
  let chars = 0;
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(root, entry.name);
    readdirSync(dir, { withFileTypes: true });
    chars += readFileSync(join(dir, "SKILL.md"), "utf8").length;
  }
  return chars;
}
