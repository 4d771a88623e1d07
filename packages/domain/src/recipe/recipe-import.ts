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
const IMPORT_OPTIONS = { allowArchived: true } as const;

export function parseImportRecord(input: unknown): Result<RecipeContent, ValidationFailed> {
  return parseRecipeDraft(input, IMPORT_OPTIONS);
}

export type ImportOutcome =
  | { readonly record: number; readonly outcome: 'created' | 'updated' | 'unchanged'; readonly id: string }
  | { readonly record: number; readonly outcome: 'failed'; readonly issues: readonly FieldIssue[] };

interface PendingWrite {
  recipe: Recipe;
  readonly expectedVersion: number | null;
  /** Position in the batch of the first record that makes this write (-1: none yet), and of any later ones. */
  position: number;
  more: number[] | null;
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
    // The valid records as two lists (positions, contents) rather than a small object each.
    const validPositions: number[] = [];
    const validContents: RecipeContent[] = [];
    const externalIds = new Set<string>();
    for (let position = 0; position < records.length; position += 1) {
      const item = records[position] as ImportRecord;
      let content: RecipeContent;
      if ('content' in item) content = item.content;
      else {
        const parsed = parseImportRecord(item.input);
        if (parsed.isErr()) {
          outcomes[position] = { record: item.record, outcome: 'failed', issues: parsed.error.issues };
          continue;
        }
        content = parsed.value;
      }
      validPositions.push(position);
      validContents.push(content);
      if (content.external_id !== null) externalIds.add(content.external_id);
    }
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
      for (const recipe of found) byExternalId.set(recipe.external_id ?? '', { recipe, expectedVersion: recipe.version, position: -1, more: null });
      const writes: PendingWrite[] = [];

      for (let index = 0; index < validPositions.length; index += 1) {
        const position = validPositions[index] as number;
        const content = validContents[index] as RecipeContent;
        const record = records[position]?.record ?? 0;
        const pending = content.external_id === null ? undefined : byExternalId.get(content.external_id);
        if (pending === undefined) {
          const write: PendingWrite = { recipe: newRecipe(deps.ids.next(), content, now), expectedVersion: null, position, more: null };
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
        if (pending.position === -1) {
          writes.push(pending);
          pending.position = position;
        } else (pending.more ??= []).push(position);
        pending.recipe = next;
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
          const write = writes[index];
          if (write === undefined) return;
          for (const position of [write.position, ...(write.more ?? [])]) {
            outcomes[position] = failed(records[position]?.record ?? 0, WRITE_FAILURES[result], '/external_id');
          }
        });
        return outcomes;
      });
    };
    return new ResultAsync(writeBatch());
  };
