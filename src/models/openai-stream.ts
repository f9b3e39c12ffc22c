import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import type { OpenAIChoiceData, OpenAIRawToolCall } from "./openai-response.js";

/**
 * Folds the chunks of a streamed completion (first choice only) into the data a non-streaming
 * response carries: content and refusal deltas concatenated, tool call fragments merged by
 * their `index`, the last finish reason and the usage chunk (`stream_options.include_usage`).
 * Resolves `undefined` when no chunk carried a choice. Rejects when the iterable does.
 * `onTextDelta` receives each non-empty content delta as its chunk arrives (refusals are not
 * streamed: they are no reply text until the stream ends).
 */
export async function accumulateOpenAIStream(
  chunks: AsyncIterable<ChatCompletionChunk>,
  options: { onTextDelta?: (delta: string) => void } = {},
): Promise<OpenAIChoiceData | undefined> {
  let content = "";
  let refusal = "";
  let finishReason: string | null = null;
  let usage: OpenAIChoiceData["usage"];
  let sawChoice = false;
  const calls = new Map<number, OpenAIRawToolCall>();
  for await (const chunk of chunks) {
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.find((candidate) => candidate.index === 0);
    if (choice === undefined) continue;
    sawChoice = true;
    const delta = choice.delta ?? {};
    if (typeof delta.content === "string" && delta.content !== "") {
      content += delta.content;
      options.onTextDelta?.(delta.content);
    }
    if (typeof delta.refusal === "string") refusal += delta.refusal;
    for (const fragment of delta.tool_calls ?? []) {
      const call = calls.get(fragment.index) ?? { id: "", name: "", arguments: "" };
      if (fragment.id) call.id = fragment.id;
      // The name arrives whole in the first fragment; some servers repeat it in later ones.
      if (fragment.function?.name && call.name === "") call.name = fragment.function.name;
      if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
      calls.set(fragment.index, call);
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  if (!sawChoice) return undefined;
  const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  return { content, refusal, toolCalls, finishReason, usage };
}
