import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createTestRuntime, type TestRuntime } from "../../src/platform/create-test-runtime.js";
import type { DiscoveredSkillSources } from "../../src/skills/discover-skill-sources.js";

/** SKILL.md text with a description, an optional name and extra frontmatter lines. */
export function skillText(options: { name?: string; description?: string; extra?: string } = {}): string {
  const lines = ["---"];
  if (options.name !== undefined) lines.push(`name: ${options.name}`);
  lines.push(`description: ${options.description ?? "d"}`);
  if (options.extra !== undefined) lines.push(options.extra);
  lines.push("---", "", "Body.", "");
  return lines.join("\n");
}

/** Writes `files` (paths relative to `root`), creating folders. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [relative, content] of Object.entries(files)) {
    const path = join(root, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

export function makeSymlink(target: string, path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path);
}

export function makeExecutable(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, "#!/bin/sh\nexit 0\n");
  chmodSync(path, 0o755);
}

/** A test runtime whose workspace is `<root>/w` (created). */
export function createWorkspaceRuntime(env: Record<string, string> = {}): { rt: TestRuntime; workspace: string } {
  const rt = createTestRuntime({ env });
  const workspace = join(rt.root, "w");
  mkdirSync(workspace, { recursive: true });
  return { rt, workspace };
}

/** `source:name` of every loaded skill, root by root. */
export function loadedNames(discovered: DiscoveredSkillSources): string[] {
  return discovered.sources.flatMap((source) => source.skills.map((skill) => `${source.source}:${skill.name}`));
}

/** The loaded names of the one source whose root is `root`. */
export function namesOf(discovered: DiscoveredSkillSources, root: string): string[] {
  return discovered.sources.find((source) => source.root === root)?.skills.map((skill) => skill.name) ?? [];
}

/** `path relative to root: reason` of the skipped entries of the source whose root is `root`. */
export function skippedOf(discovered: DiscoveredSkillSources, root: string): string[] {
  const source = discovered.sources.find((entry) => entry.root === root);
  return (source?.skipped ?? []).map((skip) => `${skip.path.slice(root.length + 1)}: ${skip.reason}`);
}
