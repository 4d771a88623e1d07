/** `POST /api/recipes/import`: the body (a page's URL) and the answer (the recipe and what was left out). */
import { MAX_IMPORT_URL_LENGTH, SETTABLE_RECIPE_STATUSES } from '@larder/domain';
import { Type } from 'typebox';
import { StringEnum } from './common.js';
import { RecipeSchema } from './recipe.js';

export const RecipeImportBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: MAX_IMPORT_URL_LENGTH,
      description: 'The recipe page: an absolute http or https URL. It becomes the recipe’s `source_url` (as given, not where redirects lead).',
    }),
    status: Type.Optional(StringEnum(SETTABLE_RECIPE_STATUSES, { description: 'The recipe’s status (default `active`). On a second import of the same URL it is set again.' })),
  },
  { additionalProperties: false, examples: [{ url: 'https://kitchen.example/recipes/tomato-soup', status: 'draft' }] },
);

export const ImportedRecipeSchema = Type.Object(
  {
    ...RecipeSchema.properties,
    import_warnings: Type.Array(Type.String(), {
      description:
        'What the import left out, one sentence each: values the mapping could not carry (a duration in months, an unknown diet), and the page’s image when it could not be fetched or is not a usable photo (the recipe is then saved without a photo, or keeps the one it had). Empty when nothing was left out.',
    }),
  },
  { $id: 'ImportedRecipe' },
);
