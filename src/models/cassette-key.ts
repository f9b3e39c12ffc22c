import { createHash } from "node:crypto";
import type { AssistantBlock, ModelMessage, ModelRequest, ToolSpec } from "../domain/index.js";
import { type CassettePathPlaceholder, mapCassetteStrings, normaliseCassetteText } from "./normalise-cassette-text.js";

/**
 * A model request as stored in a cassette and hashed into its key: texts normalised, tool call
 * ids positional (`call_1`, `call_2`, ... in order of appearance), no headers, no signal, no
 * script. `turnIndex` and `repeat` come from the request's context.
 */
export interface NormalisedModelRequest {
  /** 0-based scenario turn. */
  turnIndex: number;
  /** 0-based repeat of the work unit. */
  repeat: number;
  systemPrompt: string;
  messages: ModelMessage[];
  tools: ToolSpec[];
}

export interface NormaliseModelRequestOptions {
  /** Paths to replace (longest first), e.g. the unit's workspace → `<workspace>`, HOME → `~`. */
  paths: readonly CassettePathPlaceholder[];
}

function positionalIds(): (id: string) => string {
  const ids = new Map<string, string>();
  return (id) => {
    let positional = ids.get(id);
    if (positional === undefined) {
      positional = `call_${ids.size + 1}`;
      ids.set(id, positional);
    }
    return positional;
  };
}

/**
 * The request with what varies between runs replaced (see `normaliseCassetteText`), including
 * strings inside tool call inputs and tool schemas. Pure.
 */
export function normaliseModelRequest(
  request: ModelRequest,
  options: NormaliseModelRequestOptions,
): NormalisedModelRequest {
  const text = (value: string) => normaliseCassetteText(value, options.paths);
  const callId = positionalIds();
  const block = (content: AssistantBlock): AssistantBlock => {
    if (content.type === "text") return { type: "text", text: text(content.text) };
    return {
      type: "tool_call",
      id: callId(content.id),
      name: content.name,
      input: mapCassetteStrings(content.input, text),
      ...(content.invalidInput === undefined ? {} : { invalidInput: text(content.invalidInput) }),
    };
  };
  const messages = request.messages.map((message): ModelMessage => {
    if (message.role === "user") {
      return {
        role: "user",
        content: text(message.content),
        ...(message.kind === undefined ? {} : { kind: message.kind }),
      };
    }
    if (message.role === "assistant") {
      return { role: "assistant", content: message.content.map(block), stopReason: message.stopReason };
    }
    return {
      role: "tool_result",
      toolCallId: callId(message.toolCallId),
      toolName: message.toolName,
      content: message.content.map((part) => ({ type: "text", text: text(part.text) })),
      isError: message.isError,
    };
  });
  return {
    turnIndex: request.context.turnIndex,
    repeat: request.context.repeat,
    systemPrompt: text(request.systemPrompt),
    messages,
    tools: request.tools.map((tool) => ({
      name: tool.name,
      description: text(tool.description),
      inputSchema: mapCassetteStrings(tool.inputSchema, text),
    })),
  };
}

/** JSON with object keys sorted at every level, so key order never changes a hash. Pure. */
export function canonicalCassetteJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== "object" || Array.isArray(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(item).sort()) sorted[key] = (item as Record<string, unknown>)[key];
    return sorted;
  });
}

/** The cassette key of a normalised request: sha256 hex of its canonical JSON. Pure. */
export function cassetteKey(normalised: NormalisedModelRequest): string {
  return createHash("sha256").update(canonicalCassetteJson(normalised)).digest("hex");
}
