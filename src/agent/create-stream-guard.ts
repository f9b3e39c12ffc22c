import { isSilentReply } from "./is-silent-reply.js";
import { HEARTBEAT_TOKEN, isHeartbeatPrefix, isSilentPrefix } from "./reply-tokens.js";

export interface StreamGuardOptions {
  /** A heartbeat run: `HEARTBEAT_OK` is held back as well as `NO_REPLY`. */
  heartbeat: boolean;
  /** Receives each piece of text the guard lets through, in order; never an empty string. Must not throw. */
  release: (text: string) => void;
}

/** One streamed reply (one model call) passing through the streaming prefix guard. */
export interface StreamGuard {
  /** The next piece of reply text from the model. */
  onTextDelta(delta: string): void;
  /** The text so far belongs to a failed attempt: what is held is dropped; what was released stays out. */
  onTextRestart(): void;
  /**
   * The reply is complete: releases what is still held, unless the whole streamed text is a
   * guarded token (`NO_REPLY`, or `HEARTBEAT_OK` in a heartbeat run), which is never shown.
   * Deltas after it are ignored.
   */
  finish(): void;
  /** The call failed or was abandoned: what is held is dropped, and deltas after it are ignored. */
  discard(): void;
}

/**
 * The streaming prefix guard (spec/loop.md §4.1): while the text streamed so far could still
 * become `NO_REPLY` (`isSilentPrefix`), or `HEARTBEAT_OK` in a heartbeat run
 * (`isHeartbeatPrefix`), nothing is released; once it cannot, everything held is released at
 * once and every later delta as it comes. Text that already is the whole token with whitespace
 * around it (`NO_REPLY\n`) is held too: the prefix rule alone would let a trailing newline
 * release it. Text released is never taken back, so the concatenated releases are a prefix of
 * the streamed text. Pure apart from `release`.
 */
export function createStreamGuard(options: StreamGuardOptions): StreamGuard {
  let text = "";
  let released = 0;
  let closed = false;
  const isToken = (candidate: string): boolean =>
    isSilentReply(candidate) || (options.heartbeat && candidate.trim() === HEARTBEAT_TOKEN);
  const holds = (candidate: string): boolean =>
    isToken(candidate) || isSilentPrefix(candidate) || (options.heartbeat && isHeartbeatPrefix(candidate));
  const releaseRest = (): void => {
    const rest = text.slice(released);
    released = text.length;
    if (rest !== "") options.release(rest);
  };
  return {
    onTextDelta(delta) {
      if (closed) return;
      text += delta;
      if (!holds(text)) releaseRest();
    },
    onTextRestart() {
      text = "";
      released = 0;
    },
    finish() {
      if (!closed && !isToken(text)) releaseRest();
      closed = true;
    },
    discard() {
      closed = true;
    },
  };
}
