import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";
import type { KeywordRow, VectorRow } from "../../src/memory/memory-candidates.js";
import type { MemoryQuerySettings } from "../../src/memory/search-memory.js";

/** `memorySearch.query` with every default, as configuration resolves it, with `change` applied on top. */
export function querySettings(change: (settings: MemoryQuerySettings) => void = () => {}): MemoryQuerySettings {
  const settings = structuredClone(resolveOpenClawConfig({}).agents.defaults.memorySearch.query);
  change(settings);
  return settings;
}

interface RowFields {
  id?: string;
  path?: string;
  startLine?: number;
  endLine?: number;
  text?: string;
}

function chunk(fields: RowFields) {
  const path = fields.path ?? "memory/projects.md";
  const startLine = fields.startLine ?? 1;
  const endLine = fields.endLine ?? startLine;
  return {
    id: fields.id ?? `${path}:${startLine}`,
    path,
    source: "memory" as const,
    startLine,
    endLine,
    text: fields.text ?? `text of ${path}`,
  };
}

export function keywordRow(fields: RowFields & { rank: number }): KeywordRow {
  return { ...chunk(fields), rank: fields.rank };
}

export function vectorRow(fields: RowFields & { score: number }): VectorRow {
  return { ...chunk(fields), score: fields.score };
}

/** Milliseconds of an ISO instant. */
export function at(iso: string): number {
  return Date.parse(iso);
}
