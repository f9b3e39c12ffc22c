import { relative } from "node:path";
import type { HostFileSystem } from "../domain/index.js";
import { errorMessage } from "../domain/index.js";
import {
  type CompareGoldenOptions,
  compareGolden,
  type GoldenComparison,
  type GoldenPolicy,
} from "./compare-golden.js";
import { readGoldenFile, writeGoldenFile } from "./golden-store.js";

export interface GoldenCheckRequest {
  /** Absolute path of the golden file. */
  file: string;
  /** The normalised prompt (see `normalisePrompt`). */
  prompt: string;
  /** The new side in the diff header (default `system prompt`). */
  actualLabel?: string;
}

export interface GoldenChecker {
  /**
   * Compares `prompt` with the golden file and, in `update` mode outside CI, writes the file when
   * it is missing or different. Checks of one file run one at a time; once a file was written in
   * this run, later checks compare with what was written, so units that share a golden file but
   * assemble different prompts fail instead of overwriting each other. Never rejects: a file that
   * cannot be read or written is a failed result.
   */
  check(request: GoldenCheckRequest): Promise<GoldenComparison>;
}

export interface CreateGoldenCheckerOptions {
  fs: HostFileSystem;
  /** Golden files are shown relative to this folder. */
  cwd: string;
  policy: GoldenPolicy;
}

/** One golden checker per run: holds which files this run wrote. */
export function createGoldenChecker(options: CreateGoldenCheckerOptions): GoldenChecker {
  const { fs, policy } = options;
  const written = new Map<string, string>();
  const queues = new Map<string, Promise<unknown>>();
  const display = (file: string): string => relative(options.cwd, file) || file;

  const inQueue = <T>(file: string, task: () => Promise<T>): Promise<T> => {
    const next = (queues.get(file) ?? Promise.resolve()).then(task, task);
    queues.set(
      file,
      next.catch(() => undefined),
    );
    return next;
  };

  const checkOnce = async (request: GoldenCheckRequest): Promise<GoldenComparison> => {
    const file = display(request.file);
    const compare = (golden: string | undefined, policy: GoldenPolicy): GoldenComparison =>
      compareGolden({
        file,
        actual: request.prompt,
        golden,
        ...policy,
        ...(request.actualLabel === undefined ? {} : { actualLabel: request.actualLabel }),
      } satisfies CompareGoldenOptions);
    const earlier = written.get(request.file);
    if (earlier !== undefined) {
      const result = compare(earlier, { mode: "check", ci: policy.ci });
      if (result.pass) return result;
      return {
        ...result,
        message: `system prompt differs from ${file} as written earlier in this run by another unit: units that share a golden file must assemble the same prompt`,
      };
    }
    let golden: string | undefined;
    try {
      golden = await readGoldenFile({ fs, path: request.file });
    } catch (error) {
      return {
        file,
        status: "missing",
        pass: false,
        message: `cannot read ${file}: ${errorMessage(error)}`,
        expected: file,
      };
    }
    const result = compare(golden, policy);
    if (result.write === undefined) return result;
    try {
      await writeGoldenFile({ fs, path: request.file, content: result.write });
    } catch (error) {
      const status = golden === undefined ? "missing" : "mismatch";
      return { ...result, status, pass: false, message: `cannot write ${file}: ${errorMessage(error)}` };
    }
    written.set(request.file, request.prompt);
    const { write: _content, ...outcome } = result;
    return outcome;
  };

  return { check: (request) => inQueue(request.file, () => checkOnce(request)) };
}
