import { parseTranscriptText } from "../context/transcript-store.js";
import { formatDiagnostic, type Host, type Runtime, type TranscriptEntry } from "../domain/index.js";

/**
 * The entries of a scenario's `session:` transcript, which the main session starts from. A line
 * that is not a valid entry fails the unit with every problem named by file and line, so a
 * scenario never runs on a silently shortened history.
 */
export async function loadSessionPreload(options: {
  host: Host;
  runtime: Runtime;
  file: string;
  displayPath: string;
}): Promise<TranscriptEntry[]> {
  const text = await options.host.fs.readText(options.file);
  let counter = 0;
  const parsed = parseTranscriptText({
    text,
    file: options.displayPath,
    newId: () => `preload-${++counter}`,
    now: options.runtime.now,
  });
  if (parsed.diagnostics.length > 0) {
    throw new Error(
      `session transcript ${options.displayPath} has invalid lines:\n${parsed.diagnostics.map(formatDiagnostic).join("\n")}`,
    );
  }
  return parsed.entries;
}
