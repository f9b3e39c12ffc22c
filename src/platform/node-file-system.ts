import {
  chmod,
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { DirectoryEntry, FileStat, HostFileSystem } from "../domain/index.js";

type NodeStats = Awaited<ReturnType<typeof stat>>;

function toFileStat(stats: NodeStats): FileStat {
  const kind = stats.isFile()
    ? "file"
    : stats.isDirectory()
      ? "directory"
      : stats.isSymbolicLink()
        ? "symlink"
        : "other";
  return { kind, size: Number(stats.size), mtimeMs: Number(stats.mtimeMs), links: Number(stats.nlink) };
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

let atomicCounter = 0;

/** The real file system through node:fs/promises. Directory listings are sorted by name. */
export function createNodeFileSystem(): HostFileSystem {
  return {
    readText: (path) => readFile(path, "utf8"),
    readBytes: async (path) => new Uint8Array(await readFile(path)),
    async writeText(path, content) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content, "utf8");
    },
    async makeDirectory(path) {
      await mkdir(path, { recursive: true });
    },
    async readDirectory(path) {
      const entries = await readdir(path, { withFileTypes: true });
      const listed: DirectoryEntry[] = entries.map((entry) => ({
        name: entry.name,
        kind: entry.isFile()
          ? "file"
          : entry.isDirectory()
            ? "directory"
            : entry.isSymbolicLink()
              ? "symlink"
              : "other",
      }));
      return listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    async stat(path) {
      try {
        return toFileStat(await stat(path));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async lstat(path) {
      try {
        return toFileStat(await lstat(path));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    realPath: (path) => realpath(path),
    async makeTempDirectory(prefix) {
      return realpath(await mkdtemp(join(tmpdir(), prefix)));
    },
    async copyDirectory(from, to) {
      await cp(from, to, { recursive: true, verbatimSymlinks: true, force: true });
    },
    async remove(path) {
      await rm(path, { recursive: true, force: true });
    },
    async writeTextAtomic(path, content) {
      await mkdir(dirname(path), { recursive: true });
      atomicCounter += 1;
      const temporary = `${path}.${process.pid}.${atomicCounter}.tmp`;
      await writeFile(temporary, content, "utf8");
      await rename(temporary, path);
    },
    async makeSymlink(target, path) {
      await mkdir(dirname(path), { recursive: true });
      await symlink(target, path);
    },
    async makeExecutable(path, content) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content, "utf8");
      await chmod(path, 0o755);
    },
  };
}
