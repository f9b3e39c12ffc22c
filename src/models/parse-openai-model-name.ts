/**
 * Splits the name of `openai:<model>@<baseURL>` into the model and the compatible server's base
 * URL (http or https). A model name with a colon (Ollama's `llama3.2:3b`) stays whole.
 */
export function parseOpenAIModelName(name: string): { model: string; baseURL?: string } {
  const match = /^(.+?)@(https?:\/\/.+)$/.exec(name);
  return match?.[1] !== undefined && match[2] !== undefined ? { model: match[1], baseURL: match[2] } : { model: name };
}
