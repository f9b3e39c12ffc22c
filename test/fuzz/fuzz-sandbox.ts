import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ESCAPE_NAMES, ESCAPE_PREFIX, ESCAPE_SUFFIXES, SYSTEM_TMP } from "./fuzz-layout.js";
import type { FuzzFile } from "./fuzz-types.js";
import { removeTree, snapshotTree } from "./snapshot-tree.js";

/** The folders of one prepared input. */
export interface PreparedInput {
  /** The input folder: working directory of the run; everything below it is the run's own. */
  dir: string;
  /** The environment the run gets: HOME and TMPDIR inside `dir`, CI=true, the host PATH. */
  env: Record<string, string>;
}

/** Files planted outside every input; a run must neither create nor change anything here. */
const CANARY_FILES: readonly { path: string; content: string; mode?: number }[] = [
  { path: "notes.md", content: "canary notes\n" },
  { path: "golden.md", content: "canary golden\n" },
  { path: "cases.jsonl", content: '{"id":"canary","q":"canary"}\n' },
  { path: "hooks/ok.mjs", content: "export default function register() {}\n" },
  { path: "workspace/AGENTS.md", content: "# Canary workspace\n" },
  { path: "home/.openclaw/openclaw.json", content: "{}\n" },
  { path: "home/.openclaw/exec-approvals.json", content: '{"version":1}\n' },
  { path: "home/.agents/skills/canary/SKILL.md", content: "---\nname: canary\ndescription: Canary.\n---\n" },
  { path: "bin/tool", content: "#!/bin/sh\necho canary\n", mode: 0o755 },
];

/**
 * The temp tree the fuzzer runs in: `<root>/canary/` (planted) and `<root>/inputs/<n>/` (one
 * input at a time). Knows how to find writes that escaped an input: changes to the canary,
 * unexpected entries in `<root>` or `<root>/inputs`, and escape-target entries (`claw-eval-fuzz-escape*`)
 * in the system temp folder.
 */
export class FuzzSandbox {
  readonly root: string;
  private readonly canary: string;
  private readonly inputs: string;
  private canaryState: Map<string, string>;
  private readonly escapePrefix: string;

  /** `escapePrefix`: names in the system temp folder that count as escapes (default `ESCAPE_PREFIX`). */
  constructor(options: { escapePrefix?: string } = {}) {
    this.escapePrefix = options.escapePrefix ?? ESCAPE_PREFIX;
    this.root = mkdtempSync(join(tmpdir(), "claw-eval-fuzz-"));
    this.canary = join(this.root, "canary");
    this.inputs = join(this.root, "inputs");
    mkdirSync(this.inputs);
    this.plantCanary();
    this.canaryState = snapshotTree(this.canary);
    this.findStrayEscapes();
  }

  /** Writes the files of an input into a fresh folder named `name`. */
  prepare(name: string | number, files: readonly FuzzFile[]): PreparedInput {
    const dir = join(this.inputs, String(name));
    mkdirSync(join(dir, "home"), { recursive: true });
    mkdirSync(join(dir, "tmp"));
    for (const file of files) {
      const path = join(dir, file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content);
    }
    const env = {
      HOME: join(dir, "home"),
      TMPDIR: join(dir, "tmp"),
      CI: "true",
      PATH: process.env.PATH ?? "/usr/bin:/bin",
    };
    return { dir, env };
  }

  /**
   * What escaped since the last call (paths, sorted), then puts things back: restores the
   * canary and removes escape targets and stray entries, so the next input is judged alone.
   */
  findEscapes(current: PreparedInput | undefined): string[] {
    const escapes: string[] = [];
    const now = snapshotTree(this.canary);
    for (const [path, state] of now) if (this.canaryState.get(path) !== state) escapes.push(path);
    for (const path of this.canaryState.keys()) if (!now.has(path)) escapes.push(`${path} (removed)`);
    for (const name of readdirSync(this.root)) {
      if (name !== "canary" && name !== "inputs") escapes.push(join(this.root, name));
    }
    for (const name of readdirSync(this.inputs)) {
      const path = join(this.inputs, name);
      if (path !== current?.dir) escapes.push(path);
    }
    escapes.push(...this.removeEscapeTargets());
    if (escapes.length > 0) {
      for (const path of escapes) if (!path.endsWith("(removed)") && !path.startsWith(this.canary)) removeTree(path);
      removeTree(this.canary);
      this.plantCanary();
      this.canaryState = snapshotTree(this.canary);
    }
    return escapes.sort();
  }

  /** Deletes an input's folder. */
  discard(input: PreparedInput): void {
    removeTree(input.dir);
  }

  dispose(): void {
    removeTree(this.root);
  }

  private plantCanary(): void {
    for (const file of CANARY_FILES) {
      const path = join(this.canary, file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content, { mode: file.mode ?? 0o644 });
    }
  }

  /**
   * Every entry of the system temp folders named with the escape prefix, removed. Lists the whole
   * folder, which can be slow on a busy machine: run it once per campaign; inputs look only for
   * the names escape paths use (`removeEscapeTargets`).
   */
  findStrayEscapes(): string[] {
    const found: string[] = [];
    for (const folder of new Set([SYSTEM_TMP, tmpdir()])) {
      for (const name of readdirSync(folder)) {
        if (!name.startsWith(this.escapePrefix)) continue;
        found.push(join(folder, name));
        removeTree(join(folder, name));
      }
    }
    return found.sort();
  }

  private removeEscapeTargets(): string[] {
    const found: string[] = [];
    for (const folder of new Set([SYSTEM_TMP, tmpdir()])) {
      for (const name of ESCAPE_NAMES) {
        for (const suffix of ESCAPE_SUFFIXES) {
          const path = join(folder, `${this.escapePrefix}-${name}${suffix}`);
          if (!existsSync(path)) continue;
          found.push(path);
          removeTree(path);
        }
      }
    }
    return found;
  }
}
