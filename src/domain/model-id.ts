/** A model id split at its first colon: `anthropic:claude-x` is provider `anthropic`, name `claude-x`. */
export interface ParsedModelId {
  provider: string;
  /** Everything after the first colon; empty for a bare id such as `scripted`. */
  name: string;
}

/** Splits `provider:name` at the first colon (a bare `scripted` has an empty name). Pure. */
export function parseModelId(id: string): ParsedModelId {
  const colon = id.indexOf(":");
  return colon === -1 ? { provider: id, name: "" } : { provider: id.slice(0, colon), name: id.slice(colon + 1) };
}
