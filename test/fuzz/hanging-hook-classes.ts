import fc from "fast-check";
import type { FuzzClass } from "./fuzz-types.js";
import { HOOKS, hookCase } from "./hook-case.js";

/** Seconds before a hanging input's unit times out: each input of these classes waits it out. */
const HANGING_TIMEOUT = 0.25;

/**
 * Handlers, registration or import that never settle: the unit times out (or, for a sync hook,
 * whose result is not awaited, passes) and the run ends without waiting for the hook.
 */
export function hangingHooksClass(): FuzzClass {
  const never = "new Promise(() => {})";
  const arbitrary = fc
    .oneof(
      fc
        .subarray(HOOKS, { minLength: 1 })
        .map(
          (hooks) =>
            [
              `handlers ${hooks.join(",")}`,
              `export default function register(api) {\n${hooks.map((hook) => `  api.on('${hook}', () => ${never});`).join("\n")}\n}\n`,
            ] as const,
        ),
      fc.constant(["register", `export default function register() { return ${never}; }`] as const),
      fc.constant(["import", `await ${never};\nexport default function register() {}`] as const),
    )
    .map(([label, source]) => hookCase(`never settles: ${label}`, source, false, HANGING_TIMEOUT));
  return { name: "hooks/hanging", category: "hooks", arbitrary };
}

/**
 * A handler that leaves a long timer behind: the unit times out, and the binary must still exit
 * once the results are written. Only the real binary shows this, so the class runs there.
 */
export function lingeringTimerClass(): FuzzClass {
  const arbitrary = fc.constantFrom(...HOOKS).map((hook) => {
    const source = `export default function register(api) {\n  api.on('${hook}', () => new Promise((resolve) => setTimeout(resolve, 1e9)));\n}\n`;
    return { ...hookCase(`${hook} waits on a timer of 11 days`, source, false, HANGING_TIMEOUT), exits: [0, 1] };
  });
  return { name: "hooks/lingering-timer", category: "hooks", arbitrary, transports: ["cli"] };
}
