import type { HostFileSystem } from "../domain/index.js";
import { ClawEvalError } from "../domain/index.js";
import { type Cassette, formatCassetteFile, parseCassetteFile } from "./cassette-file.js";

/** The file operations a cassette store needs. */
export type CassetteFileSystem = Pick<HostFileSystem, "readText" | "writeTextAtomic" | "stat">;

/** Reads and writes cassette files. */
export interface CassetteStore {
  /**
   * The cassette at `path`, or `undefined` when there is no file. Rejects with a
   * `ClawEvalError` (`io`) when the path is not a file or its content is not a cassette.
   */
  read(path: string): Promise<Cassette | undefined>;
  /** Writes the whole file atomically (temp file and rename), creating its folders. */
  write(path: string, cassette: Cassette): Promise<void>;
}

export function createCassetteStore(options: { fs: CassetteFileSystem }): CassetteStore {
  const { fs } = options;
  return {
    async read(path) {
      const stat = await fs.stat(path);
      if (stat === undefined) return undefined;
      if (stat.kind !== "file") throw new ClawEvalError("io", `cassette path ${path} is a ${stat.kind}, not a file`);
      const parsed = parseCassetteFile(await fs.readText(path));
      if (!parsed.ok) throw new ClawEvalError("io", `cassette ${path} is invalid: ${parsed.error}`);
      return parsed.cassette;
    },
    async write(path, cassette) {
      await fs.writeTextAtomic(path, formatCassetteFile(cassette));
    },
  };
}
