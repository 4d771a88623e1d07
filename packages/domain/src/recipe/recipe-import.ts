/**
 * Batch import: every record goes through the same validation as the API; records with an `external_id` are
 * upserted on it, so importing the same data twice changes nothing the second time.
 */
import { okAsync, type ResultAsync } from 'neverthrow';
import type { FieldIssue, StoreUnavailable } from '../shared/errors.js';
import { applyRecipeChanges, newRecipe, type Recipe, type RecipeContent } from './recipe.js';
import { parseRecipeDraft } from './recipe-input.js';
import type { BatchWriteOutcome, RecipeWrite } from './recipe-repository.js';
import type { RecipeDeps } from './recipe-use-cases.js';

export interface ImportRecord {
  /** 1-based position in the input. */
  readonly record: number;
  /** The record as read, before validation. */
  readonly input: unknown;
}

export type ImportOutcome =
  | { readonly record: number; readonly outcome: 'created' | 'updated' | 'unchanged'; readonly id: string }
  | { readonly record: number; readonly outcome: 'failed'; readonly issues: readonly FieldIssue[] };

interface PendingWrite {
  recipe: Recipe;
  readonly expectedVersion: number | null;
  readonly records: number[];
}

const failed = (record: number, message: string, pointer = ''): ImportOutcome => ({
  record,
  outcome: 'failed',
  issues: [{ pointer, message }],
});

const WRITE_FAILURES: Record<Exclude<BatchWriteOutcome, 'written'>, string> = {
  stale: 'the recipe was changed by someone else during the import; run the import again',
  duplicate_external_id: 'another recipe with this external_id was created during the import; run the import again',
};

/** Validates and writes one batch in a single round trip (none with `dryRun`). */
export const importRecipeBatch =
  (deps: RecipeDeps) =>
  (records: readonly ImportRecord[], options: { readonly dryRun?: boolean } = {}): ResultAsync<ImportOutcome[], StoreUnavailable> => {
    const outcomes = new Map<number, ImportOutcome>();
    const valid: { record: number; content: RecipeContent }[] = [];
    for (const { record, input } of records) {
      const parsed = parseRecipeDraft(input, { allowArchived: true });
      if (parsed.isErr()) outcomes.set(record, { record, outcome: 'failed', issues: parsed.error.issues });
      else valid.push({ record, content: parsed.value });
    }
    const externalIds = [...new Set(valid.flatMap(({ content }) => (content.external_id === null ? [] : [content.external_id])))];
    const existing = externalIds.length === 0 ? okAsync<Recipe[], StoreUnavailable>([]) : deps.recipes.findByExternalIds(externalIds);

    return existing.andThen((found) => {
      const now = deps.clock.now();
      const byExternalId = new Map<string, PendingWrite>();
      for (const recipe of found) byExternalId.set(recipe.external_id ?? '', { recipe, expectedVersion: recipe.version, records: [] });
      const writes: PendingWrite[] = [];

      for (const { record, content } of valid) {
        const pending = content.external_id === null ? undefined : byExternalId.get(content.external_id);
        if (pending === undefined) {
          const write: PendingWrite = { recipe: newRecipe(deps.ids.next(), content, now), expectedVersion: null, records: [record] };
          writes.push(write);
          if (content.external_id !== null) byExternalId.set(content.external_id, write);
          outcomes.set(record, { record, outcome: 'created', id: write.recipe.id });
          continue;
        }
        const next = applyRecipeChanges(pending.recipe, content, now);
        if (next === pending.recipe) {
          outcomes.set(record, { record, outcome: 'unchanged', id: next.id });
          continue;
        }
        if (pending.records.length === 0) writes.push(pending);
        pending.recipe = next;
        pending.records.push(record);
        outcomes.set(record, { record, outcome: 'updated', id: next.id });
      }

      const ordered = () => records.map(({ record }) => outcomes.get(record)).filter((o): o is ImportOutcome => o !== undefined);
      if (options.dryRun === true || writes.length === 0) return okAsync(ordered());
      const batch: RecipeWrite[] = writes.map((write) =>
        write.expectedVersion === null
          ? { kind: 'insert', recipe: write.recipe }
          : { kind: 'update', recipe: write.recipe, expectedVersion: write.expectedVersion },
      );
      return deps.recipes.saveBatch(batch).map((results) => {
        results.forEach((result, index) => {
          if (result === 'written') return;
          for (const record of writes[index]?.records ?? []) outcomes.set(record, failed(record, WRITE_FAILURES[result], '/external_id'));
        });
        return ordered();
      });
    });
  };
