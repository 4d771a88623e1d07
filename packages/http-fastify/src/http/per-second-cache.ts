/** Values that are valid for the current second only (of the injected clock): the authentication caches. */
export class PerSecondCache<T> {
  #second = Number.NaN;
  readonly #entries = new Map<string, T>();
  get(key: string, second: number): T | undefined {
    if (second !== this.#second) {
      this.#entries.clear();
      this.#second = second;
    }
    return this.#entries.get(key);
  }
  set(key: string, value: T): void {
    this.#entries.set(key, value);
  }
  /** Forgets `key` now rather than at the end of the second (a session signed out in this process). */
  delete(key: string): void {
    this.#entries.delete(key);
  }
}
