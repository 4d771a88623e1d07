/** Generating a free lead magnet from an ebook or a recipe card pack. */
import { err, ok, type Result } from 'neverthrow';
import { invalidState, validationFailed, type InvalidState, type NotEligible, type ValidationFailed } from '../shared/errors.js';
import { type Issues, hasOwn, readNumber, readObject, readOptionalText, readText, rejectExtraKeys } from '../shared/validation.js';
import { withArticle } from '../shared/article.js';
import type { Recipe } from '../recipe/recipe.js';
import { PRODUCT_TEXT_LIMITS, productTypeWords, type Product } from './product.js';

export const DEFAULT_MAX_LEAD_MAGNET_RECIPES = 5;
export const MAX_LEAD_MAGNET_RECIPES = 20;
const TITLE_SUFFIX = ' — Free Sample';

export interface LeadMagnetRequest {
  readonly title?: string;
  readonly description?: string | null;
  readonly max_recipes: number;
}

/** The optional body `{ title?, description?, max_recipes? }`; an absent body means all defaults. */
export function parseLeadMagnetRequest(input: unknown): Result<LeadMagnetRequest, ValidationFailed> {
  if (input === undefined || input === null) return ok({ max_recipes: DEFAULT_MAX_LEAD_MAGNET_RECIPES });
  const issues: Issues = [];
  const body = readObject(input, '', issues);
  if (body === undefined) return err(validationFailed(issues));
  rejectExtraKeys(body, new Set(['title', 'description', 'max_recipes']), new Set(), '', issues);
  const request: { title?: string; description?: string | null; max_recipes: number } = { max_recipes: DEFAULT_MAX_LEAD_MAGNET_RECIPES };
  if (hasOwn(body, 'title')) {
    const title = readText(body.title, '/title', issues, { min: 1, max: PRODUCT_TEXT_LIMITS.title });
    if (title !== undefined) request.title = title;
  }
  if (hasOwn(body, 'description')) {
    const description = readOptionalText(body.description, '/description', issues, { max: PRODUCT_TEXT_LIMITS.description });
    if (description !== undefined) request.description = description;
  }
  if (hasOwn(body, 'max_recipes')) {
    const max = readNumber(body.max_recipes, '/max_recipes', issues, { min: 1, max: MAX_LEAD_MAGNET_RECIPES, integer: true });
    if (max !== undefined) request.max_recipes = max;
  }
  return issues.length > 0 ? err(validationFailed(issues)) : ok(request);
}

export const defaultLeadMagnetTitle = (sourceTitle: string): string =>
  sourceTitle.slice(0, PRODUCT_TEXT_LIMITS.title - TITLE_SUFFIX.length).trimEnd() + TITLE_SUFFIX;

/** Checks the source before its recipes are loaded. */
export function checkLeadMagnetSource(source: Product): Result<Product, NotEligible | InvalidState> {
  if (source.type !== 'ebook' && source.type !== 'recipe_card_pack') {
    return err({ type: 'NotEligible', detail: `a lead magnet is generated from an ebook or a recipe card pack, not ${withArticle(productTypeWords(source.type))}` });
  }
  if (source.status === 'archived') return err(invalidState('a lead magnet cannot be generated from an archived product'));
  return ok(source);
}

/** The source's email-ready, non-archived recipes, in the source's order, up to `max`. */
export function leadMagnetRecipeIds(source: Product, recipes: readonly Recipe[], max: number): Result<string[], NotEligible> {
  const byId = new Map(recipes.map((recipe) => [recipe.id, recipe]));
  const eligible = source.recipe_ids.filter((id) => {
    const recipe = byId.get(id);
    return recipe !== undefined && recipe.email_ready && recipe.status !== 'archived';
  });
  if (eligible.length === 0) {
    return err({ type: 'NotEligible', detail: 'the product has no email-ready recipe that is not archived' });
  }
  return ok(eligible.slice(0, max));
}

export function newLeadMagnet(id: string, source: Product, recipeIds: string[], request: LeadMagnetRequest, now: Date): Product {
  return {
    id,
    type: 'lead_magnet',
    status: 'draft',
    title: request.title ?? defaultLeadMagnetTitle(source.title),
    description: request.description !== undefined ? request.description : source.description,
    recipe_ids: recipeIds,
    days: null,
    cover: null,
    sales: null,
    source_product_id: source.id,
    published_at: null,
    slug: null,
    published_by: null,
    created_at: now,
    updated_at: now,
    version: 1,
  };
}
