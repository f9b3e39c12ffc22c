import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The claw-eval checkout: the nearest ancestor holding its package.json (works from bench/ and dist/bench/). */
export function findProjectRoot(start: string): string {
  let current = start;
  for (;;) {
    const manifest = join(current, "package.json");
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "claw-eval"
    ) {
      return current;
    }
    const parent = dirname(current);
    if (parent === current) throw new Error(`no claw-eval package.json above ${start}`);
    current = parent;
  }
}
