import { callsOf, toolOutputText } from "./tool-output-text.mjs";

/**
 * Checks the result of the turn's last call of `options.tool` (the last one whose `input.path`
 * equals `options.path`, when given): it must not be an error, must contain every string in
 * `options.contains` and none in `options.excludes`. Backslashes in the output count as `/`.
 */
export default function toolOutputContains(ctx) {
  const { tool, path, contains = [], excludes = [] } = ctx.options ?? {};
  if (typeof tool !== "string") return { pass: false, message: "options.tool (a tool name) is required" };
  const call = callsOf(ctx, tool).findLast((candidate) => path === undefined || candidate.input?.path === path);
  const target = path === undefined ? tool : `${tool} of ${path}`;
  if (!call) return { pass: false, message: `no ${target} call in this turn` };
  const text = toolOutputText(call.output).replaceAll("\\", "/");
  if (call.isError) return { pass: false, message: `${target} failed: ${text}`, actual: text };
  const missing = contains.filter((needle) => !text.includes(needle));
  const present = excludes.filter((needle) => text.includes(needle));
  if (missing.length > 0 || present.length > 0) {
    const problems = [
      ...(missing.length > 0 ? [`lacks ${missing.map((needle) => JSON.stringify(needle)).join(", ")}`] : []),
      ...(present.length > 0 ? [`contains ${present.map((needle) => JSON.stringify(needle)).join(", ")}`] : []),
    ];
    return { pass: false, message: `${target} output ${problems.join(" and ")}`, actual: text };
  }
  return { pass: true, message: `${target} output has ${contains.length} expected string(s), none excluded` };
}
