import { MAX_QUERY_TOKENS } from "./build-fts-query.js";

const WORD_RUN = /[\p{L}\p{N}_]+/gu;
/** The CJK ranges of memory.md §5.2: kana, CJK extension A, unified ideographs, Hangul, compatibility ideographs. */
const CJK_OR_OTHER_RUN =
  /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[^\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+/gu;
const CJK_START = /^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
const SHORT_ASCII = /^[a-z0-9_]{1,2}$/;
const NUMBER_ONLY = /^\p{N}+$/u;
const UNDERSCORE_ONLY = /^_+$/;

/** Our English stop words: question words, auxiliaries, pronouns and connectives (3+ letters; shorter words drop anyway). */
const ENGLISH_STOP_WORDS = new Set(
  (
    "about above after again all also and any are aren because been before being below between both but can " +
    "cannot could did didn does doesn doing don down during each few for from further had has have having her " +
    "here hers herself him himself his how into isn its itself just let more most must myself nor not now off " +
    "once only other our ours ourselves out over own please same she should some such tell than that the their " +
    "theirs them themselves then there these they this those through too under until very was wasn were weren " +
    "what when where which while who whom whose why will with won would you your yours yourself yourselves"
  ).split(" "),
);

/** Our Chinese stop words: particles, pronouns, question words and frequent function characters. */
const CHINESE_STOP_WORDS = new Set(
  (
    "的 了 是 在 我 你 他 她 它 们 什 有 和 与 及 或 就 都 也 还 又 很 吗 呢 吧 啊 呀 嘛 这 那 哪 个 些 么 之 " +
    "把 被 给 对 从 向 到 让 用 于 以 而 并 但 如 若 等 着 过 得 地 会 能 要 想 说 去 来 上 下 中 里 " +
    "我们 你们 他们 她们 它们 这个 那个 这些 那些 什么 怎么 怎样 为什么 如何 哪里 哪些 多少 是否 " +
    "可以 已经 还是 或者 但是 因为 所以 如果 然后 还有 一下 一些 有没有 是不是 关于 记得 之前 以前"
  ).split(" "),
);

function isStopWord(token: string): boolean {
  return ENGLISH_STOP_WORDS.has(token) || CHINESE_STOP_WORDS.has(token);
}

function splitRun(run: string): string[] {
  const tokens: string[] = [];
  for (const part of run.match(CJK_OR_OTHER_RUN) ?? []) {
    if (!CJK_START.test(part)) {
      tokens.push(part);
      continue;
    }
    const characters = Array.from(part);
    tokens.push(...characters);
    for (let index = 0; index + 1 < characters.length; index += 1) {
      const [first = "", second = ""] = [characters[index], characters[index + 1]];
      // A pair that straddles a particle or pronoun ("的草") names nothing.
      if (!CHINESE_STOP_WORDS.has(first) && !CHINESE_STOP_WORDS.has(second)) tokens.push(first + second);
    }
  }
  return tokens;
}

function isKeyword(token: string): boolean {
  if (NUMBER_ONLY.test(token) || UNDERSCORE_ONLY.test(token) || SHORT_ASCII.test(token)) return false;
  return !isStopWord(token);
}

/**
 * Keywords of a query for FTS-only search (memory.md §6.5): lower-cased runs of letters, digits
 * and `_`; CJK sub-runs give each character and each adjacent pair (pairs holding a
 * single-character stop word are skipped); stop words (our English and
 * Chinese lists), pure numbers, `_`-only tokens and ASCII tokens shorter than 3 characters are
 * dropped; duplicates are removed keeping the first; at most {@link MAX_QUERY_TOKENS}. May return `[]` (the caller then searches
 * with the whole query). Pure.
 */
export function extractQueryKeywords(query: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const run of query.toLowerCase().match(WORD_RUN) ?? []) {
    for (const token of splitRun(run)) {
      if (seen.has(token) || !isKeyword(token)) continue;
      seen.add(token);
      if (keywords.push(token) === MAX_QUERY_TOKENS) return keywords;
    }
  }
  return keywords;
}
