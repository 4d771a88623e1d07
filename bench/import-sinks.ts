import type { BatchWriteOutcome, RecipeWrite } from '@larder/domain';
import { InMemoryRecipeRepository } from '@larder/domain/testing';

/**
 * A store that only counts what it is asked to write, so the bench measures the pipeline alone. It stays empty,
 * so every record is new, as in a first import.
 */
export class CountingRecipeRepository extends InMemoryRecipeRepository {
  written = 0;
  batches = 0;
  override saveBatch(writes: readonly RecipeWrite[]): ReturnType<InMemoryRecipeRepository['saveBatch']> {
    this.written += writes.length;
    this.batches += 1;
    return super.saveBatch([]).map(() => writes.map((): BatchWriteOutcome => 'written'));
  }
}
