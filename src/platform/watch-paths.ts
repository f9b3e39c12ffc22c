import { type FSWatcher, watch } from "chokidar";
import { isInsideRoot } from "./is-inside-root.js";

/** A file watcher that hands over changed paths in debounced batches. */
export interface PathWatcher {
  /**
   * The next batch of changed paths (absolute, sorted, each once): the changes seen since the
   * last batch, once `debounceMs` passed with no further change. Resolves `undefined` when
   * `signal` is aborted. One call at a time.
   */
  next(signal: AbortSignal): Promise<string[] | undefined>;
  /** Also watches these paths (files or folders; folders with everything below them). */
  add(paths: readonly string[]): void;
  close(): Promise<void>;
}

export interface WatchPathsOptions {
  /** Absolute files and folders to watch. */
  paths: readonly string[];
  /** Quiet time that ends a batch, ms. */
  debounceMs: number;
  /** Absolute folders whose changes are ignored (the report folder). */
  ignore: readonly string[];
}

const ALWAYS_IGNORED = /(^|[/\\])(node_modules|\.git)([/\\]|$)/;

/** Watches files and folders with chokidar; resolves once the watcher is ready. */
export async function watchPaths(options: WatchPathsOptions): Promise<PathWatcher> {
  const ignored = (path: string): boolean =>
    ALWAYS_IGNORED.test(path) || options.ignore.some((root) => isInsideRoot({ root, path }));
  const watcher: FSWatcher = watch([...options.paths], { ignoreInitial: true, ignored });
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let waiter: ((paths: string[] | undefined) => void) | undefined;
  const flush = (): void => {
    timer = undefined;
    if (waiter === undefined || changed.size === 0) return;
    const batch = [...changed].sort();
    changed = new Set();
    const resolve = waiter;
    waiter = undefined;
    resolve(batch);
  };
  watcher.on("all", (_event, path) => {
    changed.add(path);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, options.debounceMs);
  });
  const watched = new Set(options.paths);
  return {
    next: (signal) =>
      new Promise((resolve) => {
        if (signal.aborted) {
          resolve(undefined);
          return;
        }
        const onAbort = (): void => {
          waiter = undefined;
          resolve(undefined);
        };
        signal.addEventListener("abort", onAbort, { once: true });
        waiter = (paths) => {
          signal.removeEventListener("abort", onAbort);
          resolve(paths);
        };
        if (timer === undefined) flush();
      }),
    add: (paths) => {
      const fresh = paths.filter((path) => !watched.has(path));
      for (const path of fresh) watched.add(path);
      if (fresh.length > 0) watcher.add(fresh);
    },
    close: async () => {
      if (timer !== undefined) clearTimeout(timer);
      await watcher.close();
    },
  };
}
