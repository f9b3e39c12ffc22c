import { dirname, isAbsolute, relative } from "node:path";
import type { AgentEvent, ExpectationOf, ExpectationResult, Scenario, Turn } from "../domain/index.js";
import { errorMessage, UNPRINTABLE_ERROR } from "../domain/index.js";
import type { ExpectationContext, ToolCallRecord } from "./expectation-context.js";
import { formatLine, formatValue, MAX_MESSAGE_CHARS, MAX_VALUE_CHARS, truncateText } from "./format-value.js";

/** What a custom check function receives (its one argument). */
export interface CustomCheckInput {
  reply: string;
  delivered: string | null;
  systemPrompt: string;
  events: readonly AgentEvent[];
  toolCalls: readonly ToolCallRecord[];
  turn: Turn;
  scenario: Scenario;
  /** The expectation's `options`, as written. */
  options: unknown;
}

/** What a custom check function may return, directly or through a Promise. */
export type CustomCheckOutcome = boolean | { pass: boolean; message?: string; expected?: string; actual?: string };

/** A custom check: the export a `custom` expectation names. */
export type CustomCheckFunction = (input: CustomCheckInput) => CustomCheckOutcome | Promise<CustomCheckOutcome>;

const OUTCOME_SHAPE = "boolean or { pass: boolean, message?: string, expected?: string, actual?: string }";

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === "string";
}

function parseOutcome(value: unknown): Exclude<CustomCheckOutcome, boolean> | undefined {
  if (typeof value === "boolean") return { pass: value };
  if (typeof value !== "object" || value === null) return undefined;
  const { pass, message, expected, actual } = value as Record<string, unknown>;
  if (typeof pass !== "boolean" || ![message, expected, actual].every(isOptionalString)) return undefined;
  return value as Exclude<CustomCheckOutcome, boolean>;
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${errorMessage(error)}` : formatValue(error, MAX_VALUE_CHARS);
  } catch {
    return UNPRINTABLE_ERROR;
  }
}

/** The module path relative to the scenario file (as written) when both are absolute. */
function shownPath(module: string, scenario: Scenario): string {
  return isAbsolute(module) && isAbsolute(scenario.file) ? relative(dirname(scenario.file), module) : module;
}

/**
 * Imports `module`, calls its `exportName` export with a {@link CustomCheckInput} and reads a
 * {@link CustomCheckOutcome}. Load failures, a missing or non-function export, throws,
 * rejections and wrong return shapes are failed expectations; never throws.
 */
export async function checkCustom(
  expectation: ExpectationOf<"custom">,
  context: ExpectationContext,
): Promise<ExpectationResult> {
  const { scenario, turn, result, toolCalls } = context;
  const path = shownPath(expectation.module, scenario);
  const label = expectation.exportName === "default" ? path : `${path}#${expectation.exportName}`;
  const exportText = `export "${expectation.exportName}"`;
  const fail = (message: string, expected: string, actual: string): ExpectationResult => ({
    type: expectation.type,
    pass: false,
    message: formatLine(message, MAX_MESSAGE_CHARS),
    expected,
    actual: truncateText(actual, MAX_VALUE_CHARS),
    location: expectation.location,
  });

  let namespace: Record<string, unknown>;
  try {
    namespace = await context.importModule(expectation.module);
  } catch (error) {
    const reason = describeError(error);
    return fail(`custom module ${path} could not be loaded: ${reason}`, `a module with function ${exportText}`, reason);
  }
  const check = namespace[expectation.exportName];
  if (typeof check !== "function") {
    const found = check === undefined ? "undefined" : `${typeof check} ${formatValue(check, MAX_VALUE_CHARS)}`;
    return fail(
      `custom module ${path} ${exportText} is not a function (found ${found})`,
      `function ${exportText}`,
      found,
    );
  }

  const input: CustomCheckInput = {
    reply: result.reply,
    delivered: result.delivered,
    systemPrompt: result.systemPrompt,
    events: result.events,
    toolCalls,
    turn,
    scenario,
    options: expectation.options,
  };
  let returned: unknown;
  try {
    returned = await check(input);
  } catch (error) {
    const reason = describeError(error);
    return fail(`custom ${label} threw: ${reason}`, "true", `threw ${reason}`);
  }
  const outcome = parseOutcome(returned);
  if (outcome === undefined) {
    const found = formatValue(returned, MAX_VALUE_CHARS);
    return fail(`custom ${label} returned ${found}, expected ${OUTCOME_SHAPE}`, OUTCOME_SHAPE, found);
  }
  const fallback = outcome.pass ? `custom ${label}` : `custom ${label} failed`;
  return {
    type: expectation.type,
    pass: outcome.pass,
    message: formatLine(outcome.message ?? fallback, MAX_MESSAGE_CHARS),
    expected: truncateText(outcome.expected ?? "true", MAX_VALUE_CHARS),
    actual: truncateText(outcome.actual ?? String(outcome.pass), MAX_VALUE_CHARS),
    location: expectation.location,
  };
}
