import {
  appendFileSync,
  chmodSync,
  closeSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  type Stats,
  statSync,
  symlinkSync,
  writeSync,
} from "node:fs";
import { link, rename, symlink, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { DirectoryEntry, FileStat, HostFileSystem } from "../domain/index.js";
import { createChangeJournal } from "./create-change-journal.js";
import { createTreeRemover } from "./create-tree-remover.js";

function toFileStat(stats: Stats): FileStat {
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

/**
 * A path's stat, `undefined` when it is missing. Asks node not to throw for a missing entry:
 * building the error costs far more than the call itself, and most probes (bootstrap files,
 * skill roots, `.git`) find nothing. A parent that is a file (ENOTDIR) still throws, and is
 * missing too.
 */
function statIfPresent(read: typeof statSync, path: string): FileStat | undefined {
  try {
    const stats = read(path, { throwIfNoEntry: false });
    return stats === undefined ? undefined : toFileStat(stats);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Writes every byte: a single write may take fewer bytes than it was given. */
function writeAll(descriptor: number, bytes: Uint8Array): void {
  for (let offset = 0; offset < bytes.length; ) offset += writeSync(descriptor, bytes, offset);
}

let atomicCounter = 0;

let resolvedTempRoot: { root: string; real: string } | undefined;

/** The real path of the OS temp folder, resolved again only when TMPDIR changes. */
function realTempRoot(): string {
  const root = tmpdir();
  if (resolvedTempRoot?.root !== root) resolvedTempRoot = { root, real: realpathSync(root) };
  return resolvedTempRoot.real;
}

function temporaryPath(path: string): string {
  atomicCounter += 1;
  return `${path}.${process.pid}.${atomicCounter}.tmp`;
}

/**
 * Writes the full text to a temp file, then hard-links it into place: `link` fails with EEXIST
 * atomically, and a reader (another process checking a lock) never sees an empty file. Falls back
 * to an exclusive open on file systems without hard links.
 */
async function writeExclusive(path: string, text: string): Promise<void> {
  const temporary = temporaryPath(path);
  await writeFile(temporary, text, "utf8");
  try {
    await link(temporary, path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EXDEV") throw error;
    await writeFile(path, text, { encoding: "utf8", flag: "wx" });
  } finally {
    await unlink(temporary);
  }
}

/**
 * Copies a folder: links as links (their target text unchanged), files with their mode. A walk
 * of sync calls: `fs.promises.cp` stats every entry several times through the thread pool and
 * took 20 times longer for a 13-file workspace.
 */
function copyTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (entry.isFile()) copyFileSync(source, target);
    // Reading a FIFO or device would block the whole process: refuse it as `cp` does.
    else throw new Error(`cannot copy ${source}: not a regular file, folder or symbolic link`);
  }
}

/**
 * The real file system. Directory listings are sorted by name. Metadata operations (stat,
 * readdir, mkdir, realpath) and reads use the synchronous calls: each takes microseconds for
 * the small files a runtime reads (SKILL.md, bootstrap files), while a promise round trip through
 * libuv's thread pool costs several times more and dominated scenario runs and skill scans.
 * Appends are synchronous too; removals go to a worker thread ({@link createTreeRemover}); other
 * writes stay asynchronous. Every write is logged for
 * {@link FileSystem.changesSince}.
 */
export function createNodeFileSystem(): HostFileSystem {
  const journal = createChangeJournal();
  const removeTree = createTreeRemover();
  return {
    changesSince: (since) => journal.changesSince(since),
    noteUnknownChange: () => journal.recordUnknown(),
    readText: async (path) => readFileSync(path, "utf8"),
    readBytes: async (path) => new Uint8Array(readFileSync(path)),
    async writeText(path, content) {
      journal.record(path);
      mkdirSync(dirname(path), { recursive: true });
      await writeFile(path, content, "utf8");
    },
    async appendText(path, text) {
      journal.record(path);
      // Appends are small (transcript lines) and frequent: a synchronous append, with the folder
      // created only when it is missing, costs microseconds where mkdir and a thread-pool round
      // trip on every line dominated scenario runs.
      try {
        appendFileSync(path, text, "utf8");
      } catch (error) {
        if ((error as { code?: string }).code !== "ENOENT") throw error;
        mkdirSync(dirname(path), { recursive: true });
        appendFileSync(path, text, "utf8");
      }
    },
    async writeExclusive(path, text) {
      journal.record(path);
      mkdirSync(dirname(path), { recursive: true });
      await writeExclusive(path, text);
    },
    async makeDirectory(path) {
      journal.record(path);
      mkdirSync(path, { recursive: true });
    },
    async readDirectory(path) {
      const entries = readdirSync(path, { withFileTypes: true });
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
    stat: async (path) => statIfPresent(statSync, path),
    lstat: async (path) => statIfPresent(lstatSync, path),
    realPath: async (path) => realpathSync(path),
    async makeTempDirectory(prefix, parent) {
      // mkdtemp adds a fresh folder, never a link, so only the temp root needs resolving.
      return mkdtempSync(join(parent ?? realTempRoot(), prefix));
    },
    async copyDirectory(from, to) {
      journal.recordUnknown();
      copyTree(from, to);
    },
    async remove(path) {
      journal.record(path);
      await removeTree(path);
    },
    async writeTextAtomic(path, content) {
      journal.record(path);
      mkdirSync(dirname(path), { recursive: true });
      const temporary = temporaryPath(path);
      await writeFile(temporary, content, "utf8");
      await rename(temporary, path);
    },
    async writeChunksAtomic(path, chunks) {
      journal.record(path);
      mkdirSync(dirname(path), { recursive: true });
      const temporary = temporaryPath(path);
      const descriptor = openSync(temporary, "w");
      try {
        for (const chunk of chunks) {
          if (typeof chunk === "string") writeSync(descriptor, chunk);
          else writeAll(descriptor, chunk);
        }
      } finally {
        closeSync(descriptor);
      }
      await rename(temporary, path);
    },
    async makeSymlink(target, path) {
      journal.record(path);
      mkdirSync(dirname(path), { recursive: true });
      await symlink(target, path);
    },
    async makeExecutable(path, content) {
      journal.record(path);
      mkdirSync(dirname(path), { recursive: true });
      await writeFile(path, content, "utf8");
      chmodSync(path, 0o755);
    },
  };
}
