import { isAbsolute, relative, resolve } from "node:path";

/**
 * Where `npm install` gets claw-eval for a scaffolded project: a local folder or tarball (`path`),
 * or a spec npm resolves itself (`remote`: a git URL, `github:owner/repo`, an https tarball).
 */
export type InitSource = { kind: "path"; path: string } | { kind: "remote"; spec: string };

/** A scheme of two or more letters (`git+https:`, `github:`, `https:`); one letter is a Windows drive. */
const SCHEME = /^[a-z][a-z0-9+.-]+:/i;
/** `git@host:owner/repo.git`: the scp-like form npm takes for git over ssh. */
const SCP_GIT = /^[\w.-]+@[\w.-]+:/;
/** Tarball names npm installs from a file. */
export const TARBALL = /\.(tgz|tar\.gz)$/i;

/** Reads `--from`: `file:` specs and plain paths (against `cwd`) are paths, schemes and git@ specs remote. */
export function parseInitSource(from: string, cwd: string): InitSource {
  const text = from.trim();
  if (text.startsWith("file:")) return { kind: "path", path: resolve(cwd, text.slice("file:".length)) };
  if (SCHEME.test(text) || SCP_GIT.test(text)) return { kind: "remote", spec: text };
  return { kind: "path", path: resolve(cwd, text) };
}

/** How the scaffold's package.json names the source, and whether CI can reach it. */
export interface InitDependency {
  /** The devDependencies value: `file:<path>` (relative inside the project, else absolute) or the remote spec. */
  spec: string;
  /** What to pass to `npm install --save-dev` from the project folder. */
  installArgument: string;
  /** False for a path outside the project: it exists on this machine only, not in a CI checkout. */
  portable: boolean;
}

/** The dependency entry for `source` in a project at `projectDir`. Pure. */
export function describeInitDependency(source: InitSource, projectDir: string): InitDependency {
  if (source.kind === "remote") return { spec: source.spec, installArgument: source.spec, portable: true };
  const inside = relative(projectDir, source.path);
  if (inside !== "" && !inside.startsWith("..") && !isAbsolute(inside)) {
    const posix = inside.split("\\").join("/");
    return { spec: `file:${posix}`, installArgument: `./${posix}`, portable: true };
  }
  return { spec: `file:${source.path}`, installArgument: source.path, portable: false };
}

/** An npm package name for the project from its folder name; never `claw-eval` itself (npm refuses that). */
export function projectPackageName(folderName: string): string {
  const name = folderName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[._-]+|[._-]+$/g, "")
    .slice(0, 100);
  return name === "" || name === "claw-eval" ? "claw-eval-scenarios" : name;
}
