/**
 * Generated daily notes for the memory benchmark. Lines mix named things (300 people, 200
 * projects, 200 places, each as likely as the next) with everyday words drawn from a long-tailed
 * vocabulary, the way personal notes read: a handful of words recur everywhere, most are rare,
 * and one name turns up in a few percent of the chunks, so a query for two names matches a small
 * share of the notes rather than nearly all of them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ChunkDocumentOptions, chunkDocument } from "../src/memory/chunk-document.js";
import { createSeededRandom } from "../src/platform/create-seeded-random.js";

const DAY_MS = 86_400_000;
const SYLLABLES = ["ka", "ri", "to", "men", "sa", "lo", "vi", "da", "ne", "por", "tu", "shi", "an", "el", "mo", "ra"];
/** Names use syllables of their own, so a name never collides with an everyday word. */
const NAME_SYLLABLES = ["zo", "qua", "xi", "bru", "fen", "gol", "wy", "jax", "ith", "ulm", "oz", "yv"];
const COMMON = ["the", "with", "about", "and", "for", "after", "before", "next", "week", "call", "notes", "plan"];
const VERBS = ["met", "asked", "paid", "fixed", "booked", "reviewed", "moved", "cancelled", "shipped", "called"];
const SLUGS = ["meeting", "trip", "reading"];

/** What {@link writeMemoryBenchNotes} wrote. */
export interface MemoryBenchNotes {
  files: number;
  chunks: number;
  /** Workspace-relative path of the newest daily note. */
  firstNote: string;
  /** Two-name queries taken from written lines, so each matches at least one chunk. */
  queries: string[];
}

type Random = () => number;

function makeWord(random: Random, syllables: number, from: readonly string[]): string {
  let word = "";
  for (let index = 0; index < syllables; index++) word += from[Math.floor(random() * from.length)];
  return word;
}

function makePool(random: Random, size: number, names: boolean): string[] {
  const pool = new Set<string>();
  while (pool.size < size) {
    const word = makeWord(random, 2 + Math.floor(random() * 3), names ? NAME_SYLLABLES : SYLLABLES);
    pool.add(names ? word[0]!.toUpperCase() + word.slice(1) : word);
  }
  return [...pool];
}

/** Rank r with probability about 1/r (log-uniform), so the first entries recur most. */
function pickLongTail<T>(random: Random, items: readonly T[]): T {
  return items[Math.min(items.length - 1, Math.floor(Math.exp(random() * Math.log(items.length + 1))) - 1)]!;
}

/**
 * Writes notes backwards from the day before `now` into `<dir>/memory/` until they make about
 * `chunks` chunks under `chunking`; seeded by `chunks`, so a size always gives the same notes.
 */
export function writeMemoryBenchNotes(options: {
  dir: string;
  chunks: number;
  now: number;
  chunking: Omit<ChunkDocumentOptions, "text">;
}): MemoryBenchNotes {
  const random = createSeededRandom(options.chunks);
  const vocabulary = makePool(random, 4_000, false);
  const people = makePool(random, 300, true);
  const projects = makePool(random, 200, true).map((name) => name.toLowerCase());
  const places = makePool(random, 200, true);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const queries: string[] = [];
  const line = () => {
    const person = pick(people);
    const named = [person, pick(random() < 0.5 ? projects : places)];
    const words = [pick(VERBS), person, pick(COMMON), named[1]!];
    for (let count = 3 + Math.floor(random() * 8); count > 0; count--) {
      words.push(random() < 0.3 ? pick(COMMON) : pickLongTail(random, vocabulary));
    }
    if (queries.length < 8 && random() < 0.01) queries.push(named.join(" "));
    return `- ${words.join(" ")}.`;
  };
  mkdirSync(join(options.dir, "memory"), { recursive: true });
  let total = 0;
  let files = 0;
  let firstNote = "";
  for (let day = 1; total < options.chunks; day++) {
    const date = new Date(options.now - day * DAY_MS).toISOString().slice(0, 10);
    for (const name of [date, ...SLUGS.filter(() => random() < 0.25).map((slug) => `${date}-${slug}`)]) {
      const lines = [`# ${name}`];
      for (const heading of ["## Work", "## Personal", "## Follow-ups"]) {
        lines.push("", heading);
        for (let count = 2 + Math.floor(random() ** 2 * 30); count > 0; count--) lines.push(line());
      }
      const text = `${lines.join("\n")}\n`;
      writeFileSync(join(options.dir, "memory", `${name}.md`), text);
      total += chunkDocument({ text, ...options.chunking }).filter((chunk) => chunk.text.trim() !== "").length;
      files++;
      if (firstNote === "") firstNote = `memory/${name}.md`;
    }
  }
  if (queries.length === 0) throw new Error("the generated notes gave no query; ask for more chunks");
  return { files, chunks: total, firstNote, queries };
}
