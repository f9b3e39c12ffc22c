import fc from "fast-check";
import type { FuzzClass } from "./fuzz-types.js";
import { HOOKS, hookCase } from "./hook-case.js";

/** Values thrown or returned that have broken error handling before: non-errors, poisoned objects, cycles. */
const ODD_VALUES = [
  "null",
  "undefined",
  "42",
  "Symbol('x')",
  "{ message: 5 }",
  "(() => { const a = {}; a.self = a; return a; })()",
  "'x'.repeat(200000)",
  "new Error('multi\\nline\\u202Emessage')",
];

/** Thrown values that throw again when anything reads or prints them. */
const POISONED_VALUES = [
  "new Proxy({}, { get() { throw new Error('trap'); } })",
  "{ get message() { throw new Error('getter'); } }",
  "{ toString() { throw new Error('toString'); } }",
  "Object.create(null)",
  "new Proxy(new Error('e'), { get() { throw new Error('trap'); } })",
];

/** Module texts that fail at import or registration: the unit errors with a message naming the module. */
const FAILING_MODULES = fc.oneof(
  fc.constantFrom(
    "export default function register(api) { api.on('before_tool_call', ( }",
    "export const id = 1;",
    "export default 42;",
    "export default null;",
    "export default { register: 5 };",
    "module.exports = () => {};",
    "import './missing-module.mjs';\nexport default function register() {}",
    "export default function register(api) { api.on('befor_tool_call', () => {}); }",
    "export default function register(api) { api.on('before_tool_call', 5); }",
    "export default function register(api) { api.on(Symbol('x'), () => {}); }",
  ),
  fc
    .constantFrom(...ODD_VALUES)
    .chain((value) =>
      fc.constantFrom(
        `throw ${value};`,
        `export default function register() { throw ${value}; }`,
        `export default async function register() { throw ${value}; }`,
      ),
    ),
  fc
    .constantFrom("'high'", "NaN", "Infinity", "{}", "null")
    .map(
      (priority) =>
        `export default function register(api) { api.on('before_tool_call', () => {}, { priority: ${priority} }); }`,
    ),
);

/** Modules that break at import or in `register`: an errored unit naming the module, never a crash. */
export function failingModulesClass(): FuzzClass {
  return {
    name: "hooks/failing-modules",
    category: "hooks",
    arbitrary: FAILING_MODULES.map((source) =>
      hookCase(`module ${JSON.stringify(source.slice(0, 100))}`, source, true),
    ),
  };
}

/**
 * Modules and handlers that throw values which throw again when read (poisoned proxies, getters,
 * objects without a string form): still an errored unit naming the module, or a logged hook error.
 */
export function poisonedThrowsClass(): FuzzClass {
  const arbitrary = fc
    .tuple(
      fc.constantFrom(...POISONED_VALUES),
      fc.constantFrom("import", "register", "async register", "handler", "rejecting handler"),
    )
    .map(([value, where]) => {
      const handler = where === "handler" ? `throw ${value};` : `return Promise.reject(${value});`;
      const sources: Record<string, string> = {
        import: `throw ${value};`,
        register: `export default function register() { throw ${value}; }`,
        "async register": `export default async function register() { throw ${value}; }`,
        handler: `export default function register(api) { api.on('before_tool_call', () => { ${handler} }); }`,
        "rejecting handler": `export default function register(api) { api.on('llm_input', () => { ${handler} }); }`,
      };
      const failsToLoad = where === "import" || where.endsWith("register");
      return hookCase(`${where} throws ${value}`, sources[where] ?? "", failsToLoad);
    });
  return { name: "hooks/poisoned-throws", category: "hooks", arbitrary };
}

/** Handlers that throw odd values, return garbage or mutate their event: logged, the run goes on. */
export function throwingHandlersClass(): FuzzClass {
  const body = fc.oneof(
    fc.constantFrom(...ODD_VALUES).map((value) => `throw ${value};`),
    fc.constantFrom(...ODD_VALUES).map((value) => `return Promise.reject(${value});`),
    fc
      .constantFrom(
        ...ODD_VALUES,
        "{ block: 'yes' }",
        "{ systemPrompt: 5 }",
        "{ prependContext: {} }",
        "{ content: null }",
        "{ cancel: 'x' }",
        "{ params: 7 }",
      )
      .map((value) => `return ${value};`),
    fc.constantFrom(
      "event.params = null; return;",
      "for (const key of Object.keys(event)) delete event[key];",
      "Object.freeze(event); return { params: { path: '../../../canary/x' } };",
      "context.agentId = 5;",
    ),
  );
  const arbitrary = fc.tuple(fc.subarray(HOOKS, { minLength: 1 }), body).map(([hooks, handler]) => {
    const source = `export default function register(api) {\n${hooks.map((hook) => `  api.on('${hook}', (event, context) => { ${handler} });`).join("\n")}\n}\n`;
    return hookCase(`${hooks.join(",")}: ${handler}`, source, false);
  });
  return { name: "hooks/throwing-handlers", category: "hooks", arbitrary };
}
