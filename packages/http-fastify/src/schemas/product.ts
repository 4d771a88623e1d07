/** Product bodies, queries and responses. */
import { MAX_LEAD_MAGNET_RECIPES, MAX_PRICE_CENTS, MAX_SCALED_SERVINGS, MEAL_PLAN_LIMITS, PRODUCT_STATUSES, PRODUCT_TEXT_LIMITS, PRODUCT_TYPES, RECIPE_LIMIT_BY_TYPE } from '@larder/domain';
import { CoverSchema } from './photo.js';
import { Type } from 'typebox';
import { DateTime, Nullable, PaginationQueryProperties, refTo, StringEnum } from './common.js';
import { ListingSchema } from './listing.js';

const mealServings = Type.Integer({
  minimum: 1,
  maximum: MAX_SCALED_SERVINGS,
  description: `The recipe cooked for this many servings at this meal (1..${MAX_SCALED_SERVINGS}); the shopping list counts it so. Absent: the recipe's base servings.`,
});

const MealPlanDaySchema = Type.Object({
  day: Type.Integer({ minimum: 1 }),
  meals: Type.Array(Type.Object({ meal_type: Type.String(), recipe_id: Type.String(), servings: Type.Optional(mealServings) })),
});

export const ProductSchema = Type.Object({
  id: Type.String(),
  type: StringEnum(PRODUCT_TYPES, { description: 'Immutable.' }),
  status: StringEnum(PRODUCT_STATUSES),
  title: Type.String(),
  description: Nullable(Type.String()),
  recipe_ids: Type.Array(Type.String(), { description: 'In order; for a meal plan, derived from `days` (distinct, in order of first use).' }),
  days: Nullable(Type.Array(MealPlanDaySchema), { description: 'Meal plans only; null for every other type.' }),
  sales: Nullable(
    Type.Object({ platforms: Type.Array(Type.String()), price_cents: Type.Integer(), currency: Type.String({ description: 'ISO 4217, upper-case.' }) }),
  ),
  source_product_id: Nullable(Type.String(), { description: 'Lead magnets: the ebook or recipe card pack they were generated from.' }),
  published_at: Nullable(DateTime, { description: 'The first publication.' }),
  slug: Nullable(Type.String(), {
    description:
      'Lead magnets: the address of the public page, `/l/{slug}` (title words and 8 random hexadecimal digits), given at the first publication and kept ' +
      'afterwards; the page is up while the lead magnet is published. Null for every other type, and for a lead magnet never published.',
  }),
  cover: Nullable(CoverSchema, {
    description:
      'The uploaded cover, else the generated one (see `generated`). Null only while a generated cover is being drawn for a list ' +
      '(a list never waits for a drawing: read the product to get it), or when it could not be drawn.',
  }),
  created_at: DateTime,
  updated_at: DateTime,
  version: Type.Integer({ description: 'Grows by one on every change; the ETag.' }),
  listings: Type.Array(ListingSchema, {
    description: 'One per platform of `sales.platforms`, once published: where the product stands on each store. Listings change in the background without changing `version`.',
  }),
}, { $id: 'Product' });

const id = Type.String({ minLength: 1, maxLength: 100 });
const title = Type.String({ minLength: 1, maxLength: PRODUCT_TEXT_LIMITS.title });
const description = Type.Optional(Nullable(Type.String({ maxLength: PRODUCT_TEXT_LIMITS.description })));
const recipeIds = (max: number) =>
  Type.Array(id, { minItems: 1, maxItems: max, description: `1 to ${max} distinct recipe ids, in order. Each must exist (422 unknown_recipe) and not be newly archived (422 recipe_archived).` });
const days = Type.Array(
  Type.Object(
    {
      day: Type.Integer({ minimum: 1, maximum: MEAL_PLAN_LIMITS.days * 12 }),
      meals: Type.Array(
        Type.Object(
          {
            meal_type: Type.String({ minLength: 1, maxLength: PRODUCT_TEXT_LIMITS.mealType }),
            recipe_id: id,
            servings: Type.Optional(Nullable(mealServings)),
          },
          { additionalProperties: false },
        ),
        { maxItems: MEAL_PLAN_LIMITS.mealsPerDay },
      ),
    },
    { additionalProperties: false },
  ),
  { minItems: 1, maxItems: MEAL_PLAN_LIMITS.days, description: `1 to ${MEAL_PLAN_LIMITS.days} days, each \`day\` ≥ 1 and distinct.` },
);

const strict = { additionalProperties: false } as const;
// Named (shared schemas, OpenAPI components), so that the discriminator can name each of them and clients get a type each.
export const EbookCreateSchema = Type.Object(
  { type: Type.Literal('ebook'), title, description, recipe_ids: recipeIds(RECIPE_LIMIT_BY_TYPE.ebook) },
  { ...strict, $id: 'EbookCreate', description: 'A new ebook.' },
);
export const RecipeCardPackCreateSchema = Type.Object(
  { type: Type.Literal('recipe_card_pack'), title, description, recipe_ids: recipeIds(RECIPE_LIMIT_BY_TYPE.recipe_card_pack) },
  { ...strict, $id: 'RecipeCardPackCreate', description: 'A new recipe card pack.' },
);
export const MealPlanCreateSchema = Type.Object(
  { type: Type.Literal('meal_plan'), title, description, days },
  { ...strict, $id: 'MealPlanCreate', description: 'A new meal plan.' },
);

/** Tagged by `type` (OpenAPI and Ajv discriminator), so a body is checked against its own type's shape only. */
export const ProductCreateBody = Type.Unsafe<unknown>({
  oneOf: [refTo(EbookCreateSchema), refTo(RecipeCardPackCreateSchema), refTo(MealPlanCreateSchema)],
  discriminator: { propertyName: 'type' },
  examples: [{ type: 'ebook', title: 'Weeknight Dinners', description: 'Twelve dinners in thirty minutes.', recipe_ids: ['0193a1f2-7c4e-7b3d-9f21-5e8c2a7d4b10'] }],
  description:
    'A new product; `status` always starts as `draft`. A `lead_magnet` cannot be created directly (400): generate it with ' +
    'POST /api/products/{id}/lead-magnet. Unknown and read-only fields are a 400.',
});

export const ProductPatchBody = Type.Object(
  {
    title: Type.Optional(title),
    description,
    recipe_ids: Type.Optional(Type.Array(id, { minItems: 1, maxItems: RECIPE_LIMIT_BY_TYPE.ebook, description: 'Not for meal plans. Recipes already in the product may stay even if archived since.' })),
    days: Type.Optional(days),
    status: Type.Optional(StringEnum(PRODUCT_STATUSES, { description: '`draft` unpublishes (or restores an archived product), `archived` archives. `published` only through publish (409).' })),
  },
  { additionalProperties: false, description: 'Only the fields given change. `recipe_ids` for ebooks and recipe card packs, `days` for meal plans; `type` is immutable.' },
);

export function publishBody(platforms: readonly string[]) {
  return Type.Object(
    {
      platforms: Type.Array(StringEnum(platforms), {
        uniqueItems: true,
        description:
          'Distinct configured platform identifiers (SALES_PLATFORMS). At least one (400 otherwise), except for a lead magnet, which may be published to ' +
          'its own page alone (`[]`): every published lead magnet has a public page `/l/{slug}` whatever its platforms.',
      }),
      price_cents: Type.Integer({ minimum: 0, maximum: MAX_PRICE_CENTS, description: 'Lead magnets: 0 (422 otherwise). Other types: more than 0.' }),
      currency: Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code; case-insensitive in, upper-case out.' }),
    },
    // The example names the first configured platform, so that it stays valid against this deployment's enum.
    { ...strict, examples: [{ platforms: platforms.slice(0, 1), price_cents: 1200, currency: 'USD' }] },
  );
}

/** Optional: no body (or an empty one) means every default; Fastify validates an absent body as null. */
export const LeadMagnetBody = Nullable(
  Type.Object(
    {
      title: Type.Optional(title),
      description,
      max_recipes: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LEAD_MAGNET_RECIPES, default: 5 })),
    },
    strict,
  ),
  { description: 'Optional. Default title: the source title plus " — Free Sample"; default max_recipes 5.' },
);

export const ProductListQuery = Type.Object(
  { ...PaginationQueryProperties, status: Type.Optional(StringEnum(PRODUCT_STATUSES)), type: Type.Optional(StringEnum(PRODUCT_TYPES)) },
  { additionalProperties: false, description: 'Sorted by created_at desc, ties by id. Unknown query parameters are a 400.' },
);
