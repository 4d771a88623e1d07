/**
 * Batch import: every record goes through the same validation as the API; records with an `external_id` are
 * upserted on it, so importing the same data twice changes nothing the second time.
 */
import { err, ok, okAsync, ResultAsync, type Result } from 'neverthrow';
import type { FieldIssue, StoreUnavailable, ValidationFailed } from '../shared/errors.js';
import { applyRecipeChanges, newRecipe, type Recipe, type RecipeContent } from './recipe.js';
import { parseRecipeDraft } from './recipe-input.js';
import type { BatchWriteOutcome, RecipeWrite } from './recipe-repository.js';
import type { RecipeDeps } from './recipe-use-cases.js';

/**
 * One record of an import, by its 1-based position in the input: as read (validated here), or as already validated
 * by `parseImportRecord` (a caller that validates while it reads, so that raw records do not wait for their batch).
 */
export type ImportRecord =
  | { readonly record: number; readonly input: unknown }
  | { readonly record: number; readonly content: RecipeContent };

/** The validation every imported record goes through: the API's, except that archived recipes may come in. */
export function parseImportRecord(input: unknown): Result<RecipeContent, ValidationFailed> {
  return parseRecipeDraft(input, { allowArchived: true });
}

export type ImportOutcome =
  | { readonly record: number; readonly outcome: 'created' | 'updated' | 'unchanged'; readonly id: string }
  | { readonly record: number; readonly outcome: 'failed'; readonly issues: readonly FieldIssue[] };

interface PendingWrite {
  recipe: Recipe;
  readonly expectedVersion: number | null;
  /** Positions in the batch of the records that make this write. */
  readonly positions: number[];
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

/** Validates and writes one batch in a single round trip (none with `dryRun`). Outcomes come in input order. */
export const importRecipeBatch =
  (deps: RecipeDeps) =>
  (records: readonly ImportRecord[], options: { readonly dryRun?: boolean } = {}): ResultAsync<ImportOutcome[], StoreUnavailable> => {
    // By position in `records`; every record gets one before this returns. Arrays and loops rather than maps,
    // spreads and flatMaps: at half a million records a minute, per-record bookkeeping shows.
    const outcomes: ImportOutcome[] = new Array<ImportOutcome>(records.length);
    const valid: { position: number; content: RecipeContent }[] = [];
    const externalIds = new Set<string>();
    records.forEach((item, position) => {
      const parsed = 'content' in item ? ok(item.content) : parseImportRecord(item.input);
      if (parsed.isErr()) {
        outcomes[position] = { record: item.record, outcome: 'failed', issues: parsed.error.issues };
        return;
      }
      valid.push({ position, content: parsed.value });
      if (parsed.value.external_id !== null) externalIds.add(parsed.value.external_id);
    });
    const existing = externalIds.size === 0 ? okAsync<Recipe[], StoreUnavailable>([]) : deps.recipes.findByExternalIds([...externalIds]);

    // Awaited in a plain async function rather than chained with ResultAsync's andThen/map (whose callbacks neverthrow
    // runs through generator-based helpers): chained, a batch's objects outlived the batch through young-generation
    // GCs until the next full GC (bench/import.ts: ~1 MB promoted per young GC, each one three to four times longer).
    const writeBatch = async (): Promise<Result<ImportOutcome[], StoreUnavailable>> => {
      const stored = await existing;
      if (stored.isErr()) return err(stored.error);
      const found = stored.value;
      const now = deps.clock.now();
      const byExternalId = new Map<string, PendingWrite>();
      for (const recipe of found) byExternalId.set(recipe.external_id ?? '', { recipe, expectedVersion: recipe.version, positions: [] });
      const writes: PendingWrite[] = [];

      for (const { position, content } of valid) {
        const record = records[position]?.record ?? 0;
        const pending = content.external_id === null ? undefined : byExternalId.get(content.external_id);
        if (pending === undefined) {
          const write: PendingWrite = { recipe: newRecipe(deps.ids.next(), content, now), expectedVersion: null, positions: [position] };
          writes.push(write);
          if (content.external_id !== null) byExternalId.set(content.external_id, write);
          outcomes[position] = { record, outcome: 'created', id: write.recipe.id };
          continue;
        }
        const next = applyRecipeChanges(pending.recipe, content, now);
        if (next === pending.recipe) {
          outcomes[position] = { record, outcome: 'unchanged', id: next.id };
          continue;
        }
        if (pending.positions.length === 0) writes.push(pending);
        pending.recipe = next;
        pending.positions.push(position);
        outcomes[position] = { record, outcome: 'updated', id: next.id };
      }

      if (options.dryRun === true || writes.length === 0) return ok(outcomes);
      const batch: RecipeWrite[] = writes.map((write) =>
        write.expectedVersion === null
          ? { kind: 'insert', recipe: write.recipe }
          : { kind: 'update', recipe: write.recipe, expectedVersion: write.expectedVersion },
      );
      const saved = await deps.recipes.saveBatch(batch);
      return saved.map((results) => {
        results.forEach((result, index) => {
          if (result === 'written') return;
          for (const position of writes[index]?.positions ?? []) {
            outcomes[position] = failed(records[position]?.record ?? 0, WRITE_FAILURES[result], '/external_id');
          }
        });
        return outcomes;
      });
    };
    return new ResultAsync(writeBatch());
  };
