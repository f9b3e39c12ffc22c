/**
 * Passes when each hook in `options.hooks` has a hook_error event from `options.plugin` in the
 * turn, i.e. the handler failed and the run went on.
 */
export default function hookFailed(ctx) {
  const errors = ctx.events.filter((event) => event.type === "hook_error" && event.pluginId === ctx.options.plugin);
  const failedHooks = errors.map((event) => event.hook);
  const missing = ctx.options.hooks.filter((hook) => !failedHooks.includes(hook));
  return {
    pass: missing.length === 0,
    message:
      missing.length === 0
        ? `hook_error for ${ctx.options.hooks.join(", ")}`
        : `no hook_error from ${ctx.options.plugin} for ${missing.join(", ")}`,
    expected: ctx.options.hooks.join(", "),
    actual: errors.map((event) => `${event.hook}: ${event.message}`).join("\n") || "no hook_error events",
  };
}
