import { basename, dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { HostFileSystem } from "../domain/index.js";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";
import {
  describeInitDependency,
  type InitDependency,
  type InitSource,
  parseInitSource,
  projectPackageName,
  TARBALL,
} from "./init-source.js";
import { buildProjectFiles, INIT_FILES } from "./init-templates.js";

/** How far up from this module init looks for claw-eval's own package.json. */
const MAX_PACKAGE_DEPTH = 6;

/** A folder's package.json: absent, unreadable (with why) or parsed. */
type Manifest =
  | { kind: "missing" }
  | { kind: "invalid"; reason: string }
  | { kind: "read"; value: Record<string, unknown> };

async function readManifest(fs: HostFileSystem, folder: string): Promise<Manifest> {
  const path = join(folder, "package.json");
  if ((await fs.stat(path))?.kind !== "file") return { kind: "missing" };
  try {
    const value: unknown = JSON.parse(await fs.readText(path));
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { kind: "invalid", reason: "not a JSON object" };
    }
    return { kind: "read", value: value as Record<string, unknown> };
  } catch (error) {
    return { kind: "invalid", reason: error instanceof Error ? error.message : String(error) };
  }
}

const isClawEval = (manifest: Manifest) => manifest.kind === "read" && manifest.value.name === "claw-eval";

/** The folder of the claw-eval package running this command: the default source. */
async function findOwnPackage(fs: HostFileSystem): Promise<string> {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < MAX_PACKAGE_DEPTH; depth++) {
    if (isClawEval(await readManifest(fs, folder))) return folder;
    folder = dirname(folder);
  }
  throw new UsageError(
    "init: cannot find the claw-eval package folder; name the source with --from <folder|tgz|git-url>",
  );
}

/** Checks that a local `--from` is a claw-eval folder or a tarball. */
async function checkLocalSource(fs: HostFileSystem, path: string): Promise<void> {
  const stats = await fs.stat(path);
  if (stats === undefined)
    throw new UsageError(`--from: ${path} does not exist; give a claw-eval folder, a .tgz from npm pack, or a git URL`);
  if (stats.kind === "directory") {
    const manifest = await readManifest(fs, path);
    if (!isClawEval(manifest)) {
      const found =
        manifest.kind === "missing"
          ? "has no package.json"
          : manifest.kind === "invalid"
            ? `has an unreadable package.json (${manifest.reason})`
            : `has a package.json named ${JSON.stringify(manifest.value.name)}`;
      throw new UsageError(`--from: ${path} ${found}; give the folder of a claw-eval checkout (with dist/ built)`);
    }
  } else if (!TARBALL.test(path)) {
    throw new UsageError(`--from: ${path} is a file but not a .tgz or .tar.gz tarball; make one with npm pack`);
  }
}

/** Existing paths among `paths` (relative to `target`), including a file standing where a folder must go. */
async function findCollisions(fs: HostFileSystem, target: string, paths: readonly string[]): Promise<string[]> {
  const collisions = new Set<string>();
  for (const path of paths) {
    const parts = path.split("/");
    for (let length = 1; length <= parts.length; length++) {
      const prefix = parts.slice(0, length).join("/");
      const stats = await fs.lstat(join(target, prefix));
      if (stats === undefined) break;
      if (length === parts.length || stats.kind !== "directory") {
        collisions.add(prefix);
        break;
      }
    }
  }
  return [...collisions].sort();
}

/** Whether a package.json lists claw-eval among its dependencies. */
function listsClawEval(manifest: Manifest): boolean {
  if (manifest.kind !== "read") return false;
  return ["dependencies", "devDependencies"].some((key) => {
    const entries = manifest.value[key];
    return typeof entries === "object" && entries !== null && "claw-eval" in entries;
  });
}

function describeNextSteps(options: {
  dependency: InitDependency;
  wrotePackage: boolean;
  alreadyListed: boolean;
  relativeTarget: string;
}): string {
  const { dependency } = options;
  const steps: string[] = [];
  if (options.relativeTarget !== ".") steps.push(`cd ${options.relativeTarget}`);
  if (options.wrotePackage || options.alreadyListed) steps.push("npm install");
  else steps.push(`npm install --save-dev ${dependency.installArgument}`);
  steps.push("npx claw-eval run scenarios/");
  const lines = ["Next:", ...steps.map((step) => `  ${step}`)];
  if (options.wrotePackage && !dependency.portable) {
    lines.push(
      `Note: package.json installs claw-eval from ${dependency.installArgument}, which exists on this machine only.`,
      "For CI, install it from a git URL or from a tarball committed to the project instead, for example:",
      "  npm install --save-dev git+https://github.com/<owner>/claw-eval.git",
      "  npm install --save-dev ./vendor/claw-eval-<version>.tgz   (a tarball made by npm pack)",
      "(init --from <source> writes either into package.json up front.)",
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * `claw-eval init [dir] [--from <source>]`: scaffolds scenarios, a fixture workspace, a CI
 * workflow and, when the folder has none, a package.json that installs claw-eval from `source`
 * (default: the folder of the claw-eval running init) and a .gitignore. Other files already in
 * the folder (such as `.git`) are left alone; it refuses to overwrite any file it would write.
 */
export async function initCommand(
  directory: string | undefined,
  flags: { from?: string },
  context: CommandContext,
): Promise<number> {
  const { host } = context;
  const target = resolve(host.cwd, directory ?? ".");
  const stats = await host.fs.stat(target);
  if (stats !== undefined && stats.kind !== "directory") {
    throw new UsageError(`init: ${target} exists and is not a directory`);
  }
  const source: InitSource =
    flags.from === undefined
      ? { kind: "path", path: await findOwnPackage(host.fs) }
      : parseInitSource(flags.from, host.cwd);
  if (source.kind === "path") await checkLocalSource(host.fs, source.path);
  const dependency = describeInitDependency(source, target);
  const projectFiles = buildProjectFiles({
    name: projectPackageName(basename(target)),
    dependencySpec: dependency.spec,
  });
  const kept: string[] = [];
  for (const path of Object.keys(projectFiles)) {
    if ((await host.fs.lstat(join(target, path))) !== undefined) kept.push(path);
  }
  const files: Record<string, string> = { ...INIT_FILES };
  for (const [path, text] of Object.entries(projectFiles)) if (!kept.includes(path)) files[path] = text;
  const paths = Object.keys(files).sort();
  const collisions = await findCollisions(host.fs, target, paths);
  if (collisions.length > 0) {
    throw new UsageError(
      `init: ${target} already has ${collisions.join(", ")}; init never overwrites files: move ${collisions.length === 1 ? "it" : "them"} away or run init in another directory`,
    );
  }
  for (const path of paths) await host.fs.writeExclusive(join(target, path), files[path] ?? "");
  const keptNote = kept.length === 0 ? "" : `Kept the existing ${kept.join(" and ")}.\n`;
  host.stdout(
    `Created ${paths.length} files in ${target}:\n${paths.map((path) => `  ${path}`).join("\n")}\n${keptNote}`,
  );
  const relativeTarget =
    target === host.cwd ? "." : target.startsWith(host.cwd + sep) ? target.slice(host.cwd.length + 1) : target;
  host.stdout(
    describeNextSteps({
      dependency,
      wrotePackage: !kept.includes("package.json"),
      alreadyListed: kept.includes("package.json") && listsClawEval(await readManifest(host.fs, target)),
      relativeTarget,
    }),
  );
  return EXIT.ok;
}
