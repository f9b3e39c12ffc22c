import { createPathReplacer, type PathPlaceholder } from "../platform/create-path-replacer.js";
import { normaliseRuntimeLine } from "../platform/normalise-runtime-line.js";

export type { PathPlaceholder };

export interface NormalisePromptOptions {
  /**
   * Paths to replace, e.g. the unit's workspace → `<workspace>`, its HOME → `~`. Longer paths
   * are replaced first; a path only matches as a whole (not `/tmp/ab` inside `/tmp/abc`).
   */
  paths: readonly PathPlaceholder[];
}

/**
 * Replaces what varies between machines and runs in an assembled system prompt, so it can be
 * compared with (and written as) a golden file: the given paths (longest first), any other
 * claw-eval temp folder → `<tmp>`, and in the `Runtime:` line the values of `host`, `os`
 * (with its `(arch)` part), `arch`, `node`, `shell` and `model` → `<host>`, `<os>`, ... Agent,
 * default model, channel and thinking level are deterministic and kept. Line endings become `\n`. Pure.
 */
export function normalisePrompt(text: string, options: NormalisePromptOptions): string {
  const replacePaths = createPathReplacer({ paths: options.paths, otherTempFolders: true });
  return replacePaths(text.replace(/\r\n/g, "\n")).split("\n").map(normaliseRuntimeLine).join("\n");
}
