/**
 * A recipe from a page on the web (issue 26): the page is fetched (through the `RecipePageSource` port, which owns
 * the SSRF guard and the HTML), its schema.org Recipe mapped as the CLI's JSON-LD import maps it, and the recipe
 * created, or updated when one with the same `source_url` exists: importing a URL twice gives one recipe.
 *
 * `source_url` is the URL as the caller gave it (normalised by the URL parser), not where redirects ended: it is the
 * key a caller can repeat. The page's main image goes through the photo pipeline; an image that cannot be fetched or
 * is not a usable photo is not fatal: the recipe is written without it (or keeps the photo it had) and a warning says
 * why.
 */
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { ImageRejected, ImagesBusy } from '../media/image-processor.js';
import type { Photo } from '../media/photo.js';
import { removeReplacedPhoto, storePhoto, type PhotoDeps } from '../media/photo-upload.js';
import type { FetchFailed, NoRecipeFound, RecipeError, StoreUnavailable } from '../shared/errors.js';
import { validationFailed } from '../shared/errors.js';
import { retryWhileStale, STALE } from '../shared/optimistic.js';
import { applyRecipeChanges, newRecipe, recipeWithPhoto, type Recipe, type RecipeContent } from './recipe.js';
import { parseRecipeDraft } from './recipe-input.js';
import type { RecipeDeps } from './recipe-use-cases.js';
import { mapRecipeNode } from './schema-org/jsonld-mapping.js';
import type { JsonObject } from './schema-org/jsonld-values.js';

/** A fetched page: where it ended (after redirects) and its first schema.org Recipe node, if any. */
export interface FetchedRecipePage {
  readonly url: string;
  readonly recipe: JsonObject | null;
}

/** The web as the import sees it. Implementations refuse private addresses and cap time and size. */
export interface RecipePageSource {
  page(url: string): ResultAsync<FetchedRecipePage, FetchFailed>;
  image(url: string): ResultAsync<Uint8Array, FetchFailed>;
}

export interface UrlImportDeps extends RecipeDeps, PhotoDeps {
  readonly pages: RecipePageSource;
}

export interface UrlImportCommand {
  readonly url: string;
  readonly status?: 'active' | 'draft';
}

export interface UrlImportResult {
  readonly recipe: Recipe;
  readonly created: boolean;
  /** What was left out: values the mapping could not carry, an image that could not be used. */
  readonly warnings: readonly string[];
}

export type UrlImportError = RecipeError | FetchFailed | NoRecipeFound;

export const MAX_IMPORT_URL_LENGTH = 2048;

/** The URL as the key of the import: absolute http(s), parsed and printed back (`HTTP://A.example` → `http://a.example/`). */
export function importUrlKey(url: string): string | null {
  if (url.length > MAX_IMPORT_URL_LENGTH) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function recipeContent(node: JsonObject, sourceUrl: string, command: UrlImportCommand, warnings: string[]): ResultAsync<RecipeContent, NoRecipeFound> {
  const mapped = mapRecipeNode(node);
  warnings.push(...mapped.warnings);
  // The page's own identifier is not ours to make unique: the key of a URL import is its source_url.
  const { external_id: _external, ...input } = mapped.input;
  const parsed = parseRecipeDraft({ ...input, source_url: sourceUrl, status: command.status ?? 'active' });
  if (parsed.isOk()) return okAsync(parsed.value);
  const issues = parsed.error.issues.map((issue) => `${issue.pointer === '' ? '' : `${issue.pointer.slice(1)} `}${issue.message}`).join('; ');
  return errAsync({ type: 'NoRecipeFound', detail: `the page's recipe cannot be imported: ${issues}` });
}

/** The photo for `owner` from the page's image, or null and a warning. Never fails the import. */
function importedPhoto(deps: UrlImportDeps, imageUrl: string | null, owner: string, warnings: string[]): Promise<Photo | null> {
  if (imageUrl === null) return Promise.resolve(null);
  return deps.pages
    .image(imageUrl)
    .mapErr((failed): FetchFailed | ImageRejected | ImagesBusy | StoreUnavailable => failed)
    .andThen((bytes) => storePhoto(deps)(bytes, owner))
    .match(
      (photo) => photo,
      (error) => {
        const why = error.type === 'StoreUnavailable' ? 'the file store cannot be reached' : error.type === 'ImagesBusy' ? 'every image worker is busy' : error.detail;
        warnings.push(`the photo was not imported (${imageUrl}): ${why}`);
        return null;
      },
    );
}

export const importRecipeFromUrl =
  (deps: UrlImportDeps) =>
  (command: UrlImportCommand): ResultAsync<UrlImportResult, UrlImportError> => {
    const sourceUrl = importUrlKey(command.url);
    if (sourceUrl === null) return errAsync(validationFailed([{ pointer: '/url', message: `must be an absolute http or https URL of up to ${MAX_IMPORT_URL_LENGTH} characters` }]));
    const warnings: string[] = [];
    return deps.pages
      .page(sourceUrl)
      .andThen((page): ResultAsync<JsonObject, NoRecipeFound> =>
        page.recipe === null ? errAsync({ type: 'NoRecipeFound', detail: 'the page has no schema.org Recipe (neither JSON-LD nor microdata)' }) : okAsync(page.recipe),
      )
      .andThen((node) => recipeContent(node, sourceUrl, command, warnings))
      .andThen((content) => deps.recipes.findBySourceUrl(sourceUrl).map((existing) => ({ content, existing })))
      .andThen(({ content, existing }) => {
        const id = existing?.id ?? deps.ids.next();
        return ResultAsync.fromSafePromise(importedPhoto(deps, content.image_url, `recipe:${id}`, warnings)).andThen((photo) =>
          existing === null ? create(deps, id, content, photo) : update(deps, existing, content, photo),
        );
      })
      .map(({ recipe, created }) => ({ recipe, created, warnings }));
  };

function create(deps: UrlImportDeps, id: string, content: RecipeContent, photo: Photo | null): ResultAsync<{ recipe: Recipe; created: boolean }, RecipeError> {
  const recipe: Recipe = { ...newRecipe(id, content, deps.clock.now()), photo };
  return deps.recipes.insert(recipe).map((inserted) => ({ recipe: inserted, created: true }));
}

function update(deps: UrlImportDeps, first: Recipe, content: RecipeContent, photo: Photo | null): ResultAsync<{ recipe: Recipe; created: boolean }, RecipeError> {
  let current: Recipe | null = first;
  let replaced: Photo | null = null;
  return retryWhileStale<Recipe, RecipeError>(
    () => {
      const load = current === null ? deps.recipes.findById(first.id) : okAsync<Recipe | null, StoreUnavailable>(current);
      current = null;
      return load.andThen((stored) => {
        if (stored === null) return errAsync({ type: 'RecipeNotFound' as const, id: first.id });
        const now = deps.clock.now();
        const changed = applyRecipeChanges(stored, content, now);
        // An image that failed this time leaves the photo the recipe had.
        const next = photo === null ? changed : recipeWithPhoto(changed, photo, now);
        if (next === stored) return okAsync(stored);
        replaced = stored.photo;
        const written = next.version === stored.version + 1 ? next : { ...next, version: stored.version + 1 };
        return deps.recipes.update(written, stored.version).map((outcome) => (outcome === 'written' ? written : STALE));
      });
    },
    () => ({ type: 'WriteContention', what: 'recipe' }),
  ).map(async (recipe) => {
    if (photo !== null && replaced !== null && replaced !== photo) await removeReplacedPhoto(deps)(replaced, recipe.photo);
    return { recipe, created: false };
  });
}
