/** Recipe bodies, queries and responses. Shapes and sizes here; the domain has the last word on values. */
import { RECIPE_LIMITS, RECIPE_SORT_KEYS, RECIPE_STATUSES, SETTABLE_RECIPE_STATUSES, UNITS_CHOICES } from '@larder/domain';
import { Type } from 'typebox';
import { DateTime, Nullable, PaginationQueryProperties, StringEnum } from './common.js';
import { UnitsQuery } from './units.js';
import { nullablePhoto } from './photo.js';

const L = RECIPE_LIMITS;

export const IngredientSchema = Type.Object({
  quantity: Nullable(Type.Number(), { description: 'The amount, or the low end of a range.' }),
  quantity_max: Nullable(Type.Number(), { description: 'The high end of a range (`2-3 cloves`), else null.' }),
  unit: Nullable(Type.String(), { description: 'Canonical singular unit (`cup`, `tablespoon`, `g`), null for counts.' }),
  name: Type.String(),
  note: Nullable(Type.String()),
  text: Type.String({ description: 'Kitchen-friendly rendering: `1 ½ cups flour, sifted`.' }),
  section: Nullable(Type.String(), { description: 'The group of the list the line belongs to (`For the dressing`), or null. Not part of `text`; the shopping list ignores it.' }),
});

const recipeFields = {
  id: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  ingredients: Type.Array(IngredientSchema),
  instructions: Type.Array(Type.String()),
  notes: Nullable(Type.String()),
  servings: Nullable(Type.Integer()),
  prep_time_minutes: Nullable(Type.Integer()),
  cook_time_minutes: Nullable(Type.Integer()),
  dietary_tags: Type.Array(Type.String(), { description: 'Lower-case.' }),
  cuisine: Nullable(Type.String()),
  meal_type: Nullable(Type.String()),
  season: Nullable(Type.String()),
  collection_id: Nullable(Type.String()),
  status: StringEnum(RECIPE_STATUSES),
  email_ready: Type.Boolean(),
  engagement_score: Type.Number(),
  image_url: Nullable(Type.String()),
  source_url: Nullable(Type.String()),
  external_id: Nullable(Type.String()),
  photo: nullablePhoto('The recipe’s photo (`PUT /api/recipes/{id}/photo`)'),
  created_at: DateTime,
  updated_at: DateTime,
  archived_at: Nullable(DateTime),
  version: Type.Integer({ description: 'Grows by one on every change; the ETag.' }),
};

export const RecipeSchema = Type.Object(recipeFields, { $id: 'Recipe' });

const ConvertedIngredientSchema = Type.Object({
  ...IngredientSchema.properties,
  original_text: Type.Optional(Type.String({ description: 'Present only when `units` converted this line: the recipe\'s own `text`.' })),
});

export const ScaledRecipeSchema = Type.Object({
  ...recipeFields,
  ingredients: Type.Array(ConvertedIngredientSchema),
  units: Type.Optional(StringEnum(UNITS_CHOICES, { description: 'Present only with `?units=`: the units the ingredients are given in.' })),
  scaling: Type.Optional(
    Type.Object(
      { base_servings: Type.Integer(), servings: Type.Integer(), factor: Type.Number() },
      { description: 'Present only with `?servings=N`.' },
    ),
  ),
}, { $id: 'ScaledRecipe' });

export const IngredientInput = Type.Unsafe<unknown>({
  anyOf: [
    { type: 'string', minLength: 1, maxLength: L.ingredientLine, examples: ['1 1/2 cups flour, sifted'] },
    {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        quantity: { type: ['number', 'null'], minimum: 0 },
        quantity_max: { type: ['number', 'null'], minimum: 0 },
        unit: { type: ['string', 'null'], maxLength: 40 },
        name: { type: 'string', minLength: 1, maxLength: 200 },
        note: { type: ['string', 'null'], maxLength: 500 },
        section: { type: ['string', 'null'], maxLength: 200, description: 'The group the line belongs to; wins over a heading line above it.' },
      },
    },
  ],
  description:
    `A line of text (parsed: fractions, mixed numbers, unicode fractions, ranges, units; up to ${L.ingredientLine} characters, ` +
    'the name parsed from it bounded by the line alone) or its parts. A line that only names a section (ends with a colon, no digit: ' +
    '`For the dressing:`) is a heading, not an ingredient: the lines after it get that `section`, up to the next heading; one with no line after it is a 400.',
});

const optionalText = (max: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength: max }), description === undefined ? {} : { description }));
const minutes = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: L.minutes })));
const url = Type.Optional(Nullable(Type.String({ maxLength: 2048, description: 'An absolute http(s) URL.' })));

const LIMITS_NOTE =
  `Text over a limit is a 400 here; the CLI's JSON-LD import, which cannot ask a web page to try again, cuts it to the ` +
  'same limit at a word boundary (ending in …) and reports a warning.';

const writableFields = {
  title: Type.String({ minLength: 1, maxLength: L.title }),
  description: optionalText(L.description, `Up to ${L.description} characters. ${LIMITS_NOTE}`),
  ingredients: Type.Optional(Type.Array(IngredientInput, { maxItems: L.ingredients })),
  instructions: Type.Optional(
    Type.Unsafe<unknown>({
      anyOf: [
        { type: 'array', maxItems: L.instructions, items: { type: 'string', minLength: 1, maxLength: L.instructionStep } },
        { type: 'string', maxLength: L.instructions * L.instructionStep },
      ],
      description: 'Steps, or one text whose non-empty lines are the steps.',
    }),
  ),
  notes: optionalText(L.notes),
  servings: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: L.servings }), { description: 'Base servings; null makes the recipe unscalable.' })),
  prep_time_minutes: minutes,
  cook_time_minutes: minutes,
  dietary_tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: L.dietaryTag }), { maxItems: L.dietaryTags, description: 'Stored lower-case.' })),
  cuisine: optionalText(L.facet, 'Compared case-insensitively.'),
  meal_type: optionalText(L.facet, 'Compared case-insensitively.'),
  season: optionalText(L.facet, 'Compared case-insensitively.'),
  collection_id: optionalText(L.collectionId),
  status: Type.Optional(StringEnum(SETTABLE_RECIPE_STATUSES, { description: '`archived` is reached only through DELETE; setting active or draft on an archived recipe restores it.' })),
  email_ready: Type.Optional(Type.Boolean()),
  engagement_score: Type.Optional(Type.Number({ minimum: 0, maximum: L.engagementScore })),
  image_url: url,
  source_url: url,
  external_id: optionalText(L.externalId, 'Unique when present (422 `rule_violation` otherwise).'),
};

const READ_ONLY_NOTE = 'Unknown fields and read-only fields (id, created_at, updated_at, archived_at, version) are a 400.';

export const RecipeCreateBody = Type.Object(writableFields, {
  additionalProperties: false,
  description: `A new recipe. ${READ_ONLY_NOTE}`,
  examples: [
    {
      title: 'Miso soup',
      servings: 2,
      ingredients: ['2 tbsp white miso', '500 ml dashi', '100 g silken tofu, cubed', { quantity: 2, unit: null, name: 'spring onions', note: 'sliced' }],
      instructions: ['Warm the dashi without boiling.', 'Whisk in the miso, add the tofu, and serve with the spring onions.'],
      cook_time_minutes: 10,
      dietary_tags: ['vegetarian'],
      cuisine: 'Japanese',
    },
  ],
});

export const RecipePatchBody = Type.Object(
  { ...writableFields, title: Type.Optional(writableFields.title) },
  { additionalProperties: false, description: `Only the fields given change; an empty object changes nothing. ${READ_ONLY_NOTE}` },
);

export const RecipeListQuery = Type.Object(
  {
    ...PaginationQueryProperties,
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Every word must match, as a word prefix, in title, description, ingredient names or notes (case- and accent-insensitive); a word of five letters or more also matches whole words one typo away (fuzzy matches, ranked after exact ones; see the operation and the `Search-Fuzzy` header).' })),
    dietary_tags: Type.Optional(Type.String({ maxLength: 1000, description: 'Comma-separated; the recipe has all of them.' })),
    cuisine: Type.Optional(Type.String({ maxLength: L.facet })),
    meal_type: Type.Optional(Type.String({ maxLength: L.facet })),
    season: Type.Optional(Type.String({ maxLength: L.facet })),
    collection_id: Type.Optional(Type.String({ maxLength: L.collectionId })),
    max_cook_time_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: L.minutes, description: 'Recipes without a cook time are excluded.' })),
    status: Type.Optional(StringEnum(RECIPE_STATUSES, { description: 'Absent: active and draft, never archived.' })),
    email_ready: Type.Optional(Type.Boolean({ description: '`true` or `false` only.' })),
    sort: Type.Optional(StringEnum(RECIPE_SORT_KEYS, { description: 'Default: relevance with `q`, else created_at.' })),
    order: Type.Optional(StringEnum(['asc', 'desc'] as const, { description: 'Default desc (asc for title).' })),
  },
  { additionalProperties: false, description: 'Unknown query parameters are a 400.' },
);

export const RecipeGetQuery = Type.Object(
  {
    servings: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Scale the recipe to N servings (422 `not_scalable` without base servings).' })),
    units: Type.Optional(UnitsQuery),
  },
  { additionalProperties: false },
);


/** `POST /api/recipes/parse-ingredients`: lines as a recipe takes them, read as a recipe would store them. */
export const IngredientParseBody = Type.Object(
  { ingredients: Type.Array(IngredientInput, { maxItems: L.ingredients }) },
  { additionalProperties: false },
);
export const ParsedIngredientsSchema = Type.Object({ ingredients: Type.Array(IngredientSchema) });
