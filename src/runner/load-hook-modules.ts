import { basename, extname } from "node:path";
import type { HookRegistry } from "../agent/create-hook-registry.js";
import {
  ClawEvalError,
  errorMessage,
  HOOK_NAMES,
  type HookHandler,
  type HookName,
  isClawEvalError,
  isHookName,
  raceAbort,
} from "../domain/index.js";
import { suggestName } from "../scenarios/suggest-name.js";

/** What a hook module's `register` receives. */
export interface HookPluginApi {
  /** The plugin id: the module's `id`, else its file name without the extension. */
  readonly id: string;
  on(hookName: string, handler: unknown, options?: { priority?: number }): void;
}

export interface LoadHookModulesOptions {
  /** Absolute module paths, in the scenario's order (that is the registration order). */
  paths: readonly string[];
  importModule: (path: string) => Promise<Record<string, unknown>>;
  registry: HookRegistry;
  /** How a module path is shown in errors (relative to the working directory). */
  displayPath: (path: string) => string;
  /** The unit's abort signal: an import or `register` that never settles is not waited for past it. */
  signal?: AbortSignal;
}

const CONTRACT =
  "export default function register(api) { api.on(...) }, export default { id, register }, or export function register(api)";

type Register = (api: HookPluginApi) => unknown;

function findRegister(namespace: Record<string, unknown>): { register: Register; id?: unknown } | undefined {
  const fallback = { id: namespace.id };
  const main = namespace.default;
  if (typeof main === "function") return { ...fallback, register: main as Register };
  if (typeof main === "object" && main !== null) {
    const plugin = main as { id?: unknown; register?: unknown };
    if (typeof plugin.register === "function") {
      return { id: plugin.id ?? namespace.id, register: plugin.register as Register };
    }
  }
  if (typeof namespace.register === "function") return { ...fallback, register: namespace.register as Register };
  return undefined;
}

/**
 * Imports a scenario's `hooks:` modules and lets each register its handlers on `registry`
 * (module contract: src/scenarios/README.md "Hook modules"). Throws a `ClawEvalError` naming
 * the file when a module cannot be imported, has no register function, registers an unknown
 * hook (with a did-you-mean), passes a handler that is no function or a bad priority, or
 * its `register` throws.
 */
export async function loadHookModules(options: LoadHookModulesOptions): Promise<void> {
  for (const path of options.paths) {
    const shown = options.displayPath(path);
    const fail = (message: string, cause?: unknown): never => {
      throw new ClawEvalError("invalid-input", `hook module ${shown}: ${message}`, { cause });
    };
    let namespace: Record<string, unknown>;
    try {
      namespace = await raceAbort(() => options.importModule(path), options.signal, `The import of ${shown}`);
    } catch (error) {
      if (options.signal?.aborted === true) throw error;
      return fail(`could not be imported (${errorMessage(error)}); it must be an ES module (.js or .mjs)`, error);
    }
    const found = findRegister(namespace);
    if (found === undefined) return fail(`exports no register function; write ${CONTRACT}`);
    const id = typeof found.id === "string" && found.id !== "" ? found.id : basename(path, extname(path));
    const api: HookPluginApi = {
      id,
      on(hookName, handler, registration) {
        if (typeof hookName !== "string" || !isHookName(hookName)) {
          const suggestion = typeof hookName === "string" ? suggestName(hookName, HOOK_NAMES) : undefined;
          const hint =
            suggestion === undefined ? `; hooks are ${HOOK_NAMES.join(", ")}` : ` (did you mean ${suggestion}?)`;
          fail(`unknown hook ${JSON.stringify(hookName)}${hint}`);
          return;
        }
        if (typeof handler !== "function") fail(`the ${hookName} handler is ${typeof handler}, expected a function`);
        const priority = registration?.priority;
        if (priority !== undefined && (typeof priority !== "number" || !Number.isFinite(priority))) {
          fail(`the ${hookName} priority is ${JSON.stringify(priority)}, expected a finite number`);
        }
        options.registry.on(hookName as HookName, handler as HookHandler<HookName>, {
          pluginId: id,
          ...(priority === undefined ? {} : { priority }),
        });
      },
    };
    try {
      await raceAbort(() => found.register(api), options.signal, `The register function of ${shown}`);
    } catch (error) {
      if (isClawEvalError(error) || options.signal?.aborted === true) throw error;
      fail(`register failed: ${errorMessage(error)}`, error);
    }
  }
}
