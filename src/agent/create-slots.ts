/** A counting semaphore: at most `size` holders at once, waiters served first come, first served. */
export interface Slots {
  /** Resolves with the release function once a slot is free. */
  acquire(): Promise<() => void>;
}

export function createSlots(size: number): Slots {
  let free = Math.max(1, size);
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next === undefined) free++;
    else next();
  };
  return {
    acquire() {
      const once = (): (() => void) => {
        let released = false;
        return () => {
          if (released) return;
          released = true;
          release();
        };
      };
      if (free > 0) {
        free--;
        return Promise.resolve(once());
      }
      return new Promise((resolve) => waiting.push(() => resolve(once())));
    },
  };
}
