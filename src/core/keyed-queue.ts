/** Runs async work one at a time per key: each piece starts after every earlier piece on that key settles. */
export interface KeyedQueue {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/** A queue that forgets a key once nothing is waiting on it, so it never grows with the keys it has seen. */
export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const next = previous.then(work, work);
      const settled = next.catch(() => undefined);
      tails.set(key, settled);
      void settled.then(() => {
        if (tails.get(key) === settled) tails.delete(key);
      });
      return next;
    },
  };
}
