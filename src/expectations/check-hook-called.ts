import type { AgentEvent, ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { MAX_VALUE_CHARS, quote, truncateText } from "./format-value.js";

function timesText(times: number): string {
  return times === 1 ? "1 time" : `${times} times`;
}

/** `<hook> ×<n> (<plugin>, …)` per hook, in first-call order; `no hook handlers ran` when none. */
export function formatHookCalls(events: readonly AgentEvent[]): string {
  const byHook = new Map<string, string[]>();
  for (const event of events) {
    if (event.type !== "hook_called") continue;
    byHook.set(event.hook, [...(byHook.get(event.hook) ?? []), event.pluginId]);
  }
  if (byHook.size === 0) return "no hook handlers ran";
  const lines = [...byHook].map(
    ([hook, plugins]) => `${hook} ×${plugins.length} (${[...new Set(plugins)].join(", ")})`,
  );
  return truncateText(lines.join("\n"), MAX_VALUE_CHARS);
}

/**
 * Handlers of hook `name` ran in the turn (`hook_called` events), of plugin `plugin` when
 * given: at least once, or exactly `times` times (`times: 0` asserts they never ran).
 */
export function checkHookCalled(
  expectation: ExpectationOf<"hook-called">,
  context: ExpectationContext,
): ExpectationResult {
  const { name, times, plugin } = expectation;
  const count = context.result.events.filter(
    (event) =>
      event.type === "hook_called" && event.hook === name && (plugin === undefined || event.pluginId === plugin),
  ).length;
  const pass = times === undefined ? count > 0 : count === times;
  const subject = `${name}${plugin === undefined ? "" : ` from ${quote(plugin)}`}`;
  const description = times === undefined ? `${subject} called` : `${subject} called exactly ${timesText(times)}`;
  const failure =
    count === 0
      ? `hook ${subject} was not called`
      : `hook ${subject} was called ${timesText(count)}, expected exactly ${timesText(times ?? 1)}`;
  return {
    type: expectation.type,
    pass,
    message: pass ? `hook-called ${description}` : failure,
    expected: description,
    actual: formatHookCalls(context.result.events),
    location: expectation.location,
  };
}
