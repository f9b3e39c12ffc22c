/** Options every live provider adapter takes. */
export interface LiveModelOptions {
  /** The model id as given, e.g. `anthropic:claude-x` or `openai:llama3@http://127.0.0.1:11434/v1`. */
  id: string;
  /** The provider's model name sent with each request. */
  model: string;
  apiKey: string;
  /** The API's base URL; absent → the SDK's default. Never read from the environment here. */
  baseURL?: string;
  /** Per-request timeout in milliseconds. Default 120000. */
  timeoutMs?: number;
  /** Output token cap per call. */
  maxTokens?: number;
  /** Use the streaming API and return its final message, even for requests without `onTextDelta`. Default false. */
  stream?: boolean;
  /** A `fetch` to use instead of the global one (tests, proxies). */
  fetch?: typeof fetch;
}
