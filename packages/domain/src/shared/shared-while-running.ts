/**
 * Work shared by key while it runs: a caller who asks for a key whose work is under way gets that work's outcome
 * instead of starting it again; once it settles the key is free, and the next caller starts afresh (nothing is kept).
 * For work whose concurrent callers would each cost the same round trip or drawing: a generated cover, a user looked
 * up by every request of a busy client at once.
 */
export function sharedWhileRunning<T>(): (key: string, start: () => PromiseLike<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, start) => {
    const under = running.get(key);
    if (under !== undefined) return under;
    const started = Promise.resolve(start());
    running.set(key, started);
    const free = (): void => {
      if (running.get(key) === started) running.delete(key);
    };
    void started.then(free, free);
    return started;
  };
}
