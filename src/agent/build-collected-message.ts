/**
 * The one message a `collect` follow-up run receives for the messages that arrived while the
 * session was busy (spec/loop.md §1): a header, then each message numbered in arrival order;
 * messages dropped for the queue cap under the `summarize` policy are listed first as one line
 * each. A single message with nothing dropped is passed on unchanged.
 */
export function buildCollectedMessage(texts: readonly string[], dropped: readonly string[]): string {
  if (texts.length === 1 && dropped.length === 0) return texts[0] ?? "";
  const parts = ["[Messages that arrived while you were busy]"];
  if (dropped.length > 0) {
    const lines = dropped.map((text) => `- ${summaryLine(text)}`);
    parts.push(`(${dropped.length} earlier message(s) were dropped because the queue was full:\n${lines.join("\n")})`);
  }
  texts.forEach((text, index) => {
    parts.push(`---\nMessage ${index + 1}:\n${text}`);
  });
  return parts.join("\n\n");
}

/** A dropped message in one line of at most 80 characters. */
function summaryLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= 80 ? line : `${line.slice(0, 79)}…`;
}
