/**
 * `POST /api/recipes/parse-ingredients`: ingredient lines read exactly as a recipe's create or change would read and
 * store them (headings to sections, amounts, units, names, notes, the kitchen-friendly `text`), without storing
 * anything. The studio's editor shows it as a live preview under each line; a script can check lines before it imports.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseRecipeChanges } from '@larder/domain';
import { sendDomainError } from '../http/reply.js';
import { IngredientParseBody, ParsedIngredientsSchema } from '../schemas/recipe.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, problems, success } from '../schemas/responses.js';

export const ingredientParseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/recipes/parse-ingredients', {
    schema: {
      tags: ['recipes'],
      operationId: 'parseIngredients',
      summary: 'Read ingredient lines as a recipe would store them',
      description:
        'Nothing is stored. The answer holds the ingredients a recipe given these `ingredients` would have: a heading line ' +
        '(`For the dressing:`) gives its `section` to the lines after it and is not an item itself. A line the API would refuse ' +
        'is a 400 `validation_failed` whose `errors` point at it (`/ingredients/3`). API keys need `recipes:read`.',
      body: IngredientParseBody,
      response: {
        200: success(ParsedIngredientsSchema, 'The ingredients, in order, as a recipe would store them.', AUTHENTICATED_HEADERS),
        ...problems([...AUTHENTICATED_PROBLEMS, 413, 415]),
      },
    },
  }, async (request, reply) => {
    const read = parseRecipeChanges({ ingredients: request.body.ingredients });
    if (read.isErr()) return sendDomainError(reply, read.error);
    return reply.send({ ingredients: [...(read.value.ingredients ?? [])] });
  });
};
