/**
 * The package entry of claw-eval: the types that custom checks and hook modules see, for
 * `import type { CheckContext, HookApi } from "claw-eval"` in TypeScript or JSDoc. Types only:
 * the runner imports checks and hooks itself, so nothing here runs. docs/scenarios.md describes
 * each shape.
 */

export type {
  AgentEvent,
  AgentEventOf,
  AgentEventType,
  AssistantMessage,
  Expectation,
  ExpectationOf,
  ExpectationType,
  HookApi,
  HookContext,
  HookContextOf,
  HookEvent,
  HookHandler,
  HookModule,
  HookName,
  HookResult,
  Message,
  Scenario,
  ToolHookContext,
  ToolResult,
  Turn,
  Usage,
} from "./domain/index.js";
export type {
  CustomCheckFunction as CheckFunction,
  CustomCheckInput as CheckContext,
  CustomCheckOutcome as CheckOutcome,
} from "./expectations/check-custom.js";
export type { ToolCallRecord as ToolCall } from "./expectations/expectation-context.js";
