import { describe, expect, it } from "vitest";
import { analyzeShellCommand, segmentsOf } from "../../src/tools/analyze-shell-command.js";

function words(command: string): string[][] {
  const analysis = analyzeShellCommand(command);
  if (!analysis.ok) throw new Error(`analysis failed: ${analysis.reason}`);
  return segmentsOf(analysis.parts).map((segment) => segment.words.map((word) => word.text));
}

describe("analyzeShellCommand", () => {
  it("splits a list on &&, || and ; and each part on |", () => {
    expect(analyzeShellCommand("ls -la && cat a.txt | wc -l || echo no; pwd;")).toEqual({
      ok: true,
      parts: [
        {
          operator: "&&",
          segments: [
            {
              raw: "ls -la",
              words: [
                { text: "ls", expands: false },
                { text: "-la", expands: false },
              ],
            },
          ],
        },
        {
          operator: "||",
          segments: [
            {
              raw: "cat a.txt",
              words: [
                { text: "cat", expands: false },
                { text: "a.txt", expands: false },
              ],
            },
            {
              raw: "wc -l",
              words: [
                { text: "wc", expands: false },
                { text: "-l", expands: false },
              ],
            },
          ],
        },
        {
          operator: ";",
          segments: [
            {
              raw: "echo no",
              words: [
                { text: "echo", expands: false },
                { text: "no", expands: false },
              ],
            },
          ],
        },
        { segments: [{ raw: "pwd", words: [{ text: "pwd", expands: false }] }] },
      ],
    });
  });

  it("removes quotes and keeps operators inside quotes as text", () => {
    expect(words(`echo 'a && b' "c | d; (e) > f" g\\;h "" ''`)).toEqual([
      ["echo", "a && b", "c | d; (e) > f", "g;h", "", ""],
    ]);
    expect(words(`echo "say \\"hi\\" \\$HOME \\\\ \\n"`)).toEqual([["echo", 'say "hi" $HOME \\ \\n']]);
  });

  it("marks words the shell would expand", () => {
    const analysis = analyzeShellCommand(`wc $FILE "$X" '$Y' *.txt 'a*' ~/x a~ \\*`);
    expect(analysis.ok && analysis.parts[0]?.segments[0]?.words.map((word) => [word.text, word.expands])).toEqual([
      ["wc", false],
      ["$FILE", true],
      ["$X", true],
      ["$Y", false],
      ["*.txt", true],
      ["a*", false],
      ["~/x", true],
      ["a~", false],
      ["*", false],
    ]);
  });

  it.each([
    ["echo $(whoami)", "command substitution $(…)"],
    ['echo "$(whoami)"', "command substitution $(…)"],
    ["echo `whoami`", "command substitution with backticks"],
    ['echo "`whoami`"', "command substitution with backticks"],
    ["echo $((1 + 2))", "command substitution $(…)"],
    ["ls > out.txt", "a redirection (>)"],
    ["sort < in.txt", "a redirection (<)"],
    ["cat <<EOF", "a redirection (<)"],
    ["(cd /; ls)", "a subshell or grouping (()"],
    ["ls )", "a subshell or grouping ())"],
    ["ls\nrm -rf x", "a newline"],
    ["ls \\\n -la", "a line continuation"],
    ["echo 'open", "an unterminated single quote"],
    ['echo "open', "an unterminated double quote"],
    ["sleep 1 & rm -rf x", "a background job (&)"],
    ["ls &", "a background job (&)"],
    ["ls |", "an empty command between operators"],
    ["&& ls", "an empty command between operators"],
    ["ls ;; pwd", "an empty command between operators"],
    ["   ", "an empty command"],
    ["echo \\", "a trailing backslash"],
  ])("fails on %j (%s)", (command, reason) => {
    expect(analyzeShellCommand(command)).toEqual({ ok: false, reason });
  });
});
