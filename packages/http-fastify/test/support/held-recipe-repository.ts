import type { Recipe } from '@larder/domain';
import { InMemoryRecipeRepository } from '@larder/domain/testing';
import { ResultAsync } from 'neverthrow';

/** A recipe store whose next insert waits until the test lets it go: a create caught in the middle. */
export class HeldRecipeRepository extends InMemoryRecipeRepository {
  #held: { entered: () => void; gate: Promise<void> } | null = null;

  /** The next insert waits for `release()`; `entered` settles once it has started waiting. */
  holdNextInsert(): { entered: Promise<void>; release: () => void } {
    let release = (): void => undefined;
    let entered = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const enteredPromise = new Promise<void>((resolve) => (entered = resolve));
    this.#held = { entered, gate };
    return { entered: enteredPromise, release };
  }

  override insert(recipe: Recipe): ReturnType<InMemoryRecipeRepository['insert']> {
    const held = this.#held;
    if (held === null) return super.insert(recipe);
    this.#held = null;
    held.entered();
    return ResultAsync.fromSafePromise(held.gate).andThen(() => super.insert(recipe));
  }
}
