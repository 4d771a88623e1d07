/** `/api/recipes`: list and search, read (and scale), create, change, archive. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  archiveRecipe,
  createRecipe,
  getRecipeView,
  listRecipes,
  recipeListQueryFrom,
  updateRecipe,
  type RecipeDeps,
  type RecipeListParams,
} from '@larder/domain';
import type { Static } from 'typebox';
import { pageRequestFrom } from '../http/pagination.js';
import { ifMatchOf, sendDomainError, sendPage, sendVersioned, sendVersionedJson } from '../http/reply.js';
import { RECIPE_BODY_LIMITS, SerializedBodies } from '../http/serialized-bodies.js';
import { IdParams, IfMatchHeaders, ListOf, refTo } from '../schemas/common.js';
import { RecipeCreateBody, RecipeGetQuery, RecipeListQuery, RecipePatchBody, RecipeSchema, ScaledRecipeSchema } from '../schemas/recipe.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, ETAG, LINK, LOCATION, SEARCH_FUZZY, problems, success } from '../schemas/responses.js';

const tags = ['recipes'];
const Recipe = (description: string, headers: Record<string, unknown> = {}) =>
  success(refTo(RecipeSchema), description, { ...AUTHENTICATED_HEADERS, ...ETAG, ...headers });

function listParams(query: Static<typeof RecipeListQuery>): RecipeListParams {
  const { page: _page, per_page: _perPage, dietary_tags: tagList, ...filters } = query;
  const dietaryTags = tagList?.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
  return dietaryTags === undefined ? filters : { ...filters, dietary_tags: dietaryTags };
}

export const recipeRoutes: FastifyPluginAsyncTypebox<RecipeDeps> = async (app, deps) => {
  const list = listRecipes(deps);
  const view = getRecipeView(deps);
  const create = createRecipe(deps);
  const update = updateRecipe(deps);
  const archive = archiveRecipe(deps);
  // The read's bodies, serialised once per recipe version and options. `updated_at` besides the version: a store
  // emptied and filled again could give an id and version a second life, never at the same instant.
  const readBodies = new SerializedBodies(RECIPE_BODY_LIMITS);

  app.get('/recipes', {
    schema: {
      tags,
      operationId: 'listRecipes',
      summary: 'List and search recipes',
      description:
        'Filters combine with AND. Archived recipes appear only with `status=archived`. Ties are broken by id, so pages never overlap.\n\n' +
        '`q` forgives one typo: every query word must match a word of the title, description, ingredient names or notes ' +
        'as a prefix (case- and accent-insensitive), and a query word of five letters or more may instead be one edit ' +
        'away from a whole word (a letter added, dropped or changed, or two neighbouring letters swapped: `chikpea`, ' +
        '`risoto`, `jalapneo` find chickpea, risotto, jalapeño); shorter words stay exact prefixes. Fuzzy matches are ' +
        'always part of the results and of `total`. Without `sort` (relevance) exact matches come first (title ' +
        'matches, then others), then fuzzy ones (title, then others), each by engagement_score desc; with `sort` the ' +
        'whole result is in that order. The `Search-Fuzzy` and `Search-Fuzzy-Matches` headers say whether and how ' +
        'many results are fuzzy matches.',
      querystring: RecipeListQuery,
      response: {
        200: success(ListOf(refTo(RecipeSchema), 'A page of recipes.'), 'A page of recipes.', { ...AUTHENTICATED_HEADERS, ...LINK, ...SEARCH_FUZZY }),
        ...problems(AUTHENTICATED_PROBLEMS),
      },
    },
  }, async (request, reply) => {
    const query = recipeListQueryFrom(listParams(request.query), pageRequestFrom(request.query));
    const result = await list(query);
    if (result.isErr()) return sendDomainError(reply, result.error, 'query');
    if (query.filter.searchKeys.length > 0) {
      reply.header('search-fuzzy', String(result.value.fuzzyMatches > 0));
      reply.header('search-fuzzy-matches', String(result.value.fuzzyMatches));
    }
    return sendPage(request, reply, result.value);
  });

  app.get('/recipes/:id', {
    schema: {
      tags,
      operationId: 'getRecipe',
      summary: 'Read a recipe, scaled and in the units asked for',
      description:
        'With `servings=N`: quantities multiplied by N / base servings, `text` re-rendered (a count agrees with its noun: `1 onion`, ' +
        '`3 onions`), `scaling` added. With `units=metric|us`: weights and volumes converted after scaling, each converted line keeping ' +
        'the recipe\'s own text as `original_text`; the response says `units`. Archived recipes can be read, scaled and converted.',
      params: IdParams,
      querystring: RecipeGetQuery,
      response: {
        200: success(refTo(ScaledRecipeSchema), 'The recipe (scaled when `servings` is given, converted when `units` is).', { ...AUTHENTICATED_HEADERS, ...ETAG }),
        ...problems([...AUTHENTICATED_PROBLEMS, 404, 422], { 422: '`not_scalable`: the recipe has no base servings.' }),
      },
    },
  }, async (request, reply) => {
    const { servings, units } = request.query;
    const result = await view(request.params.id, { ...(servings === undefined ? {} : { servings }), ...(units === undefined ? {} : { units }) });
    if (result.isErr()) return sendDomainError(reply, result.error, 'query');
    const recipe = result.value;
    const key = `${recipe.id}\u0000${recipe.version}\u0000${recipe.updated_at.getTime()}\u0000${servings ?? ''}\u0000${units ?? ''}`;
    return sendVersionedJson(reply, recipe.version, readBodies.body(key, () => reply.serialize(recipe)));
  });

  app.post('/recipes', {
    config: { idempotent: true },
    schema: {
      tags,
      operationId: 'createRecipe',
      summary: 'Create a recipe',
      body: RecipeCreateBody,
      response: {
        201: Recipe('The new recipe.', LOCATION),
        ...problems([...AUTHENTICATED_PROBLEMS, 413, 415, 422], { 422: '`rule_violation`: the `external_id` is already used by another recipe.' }),
      },
    },
  }, async (request, reply) => {
    const result = await create(request.body);
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value, { location: `/api/recipes/${encodeURIComponent(result.value.id)}` });
  });

  app.patch('/recipes/:id', {
    schema: {
      tags,
      operationId: 'updateRecipe',
      summary: 'Change a recipe',
      description: '`status: active|draft` on an archived recipe restores it. A change that changes nothing keeps the version.',
      params: IdParams,
      headers: IfMatchHeaders,
      body: RecipePatchBody,
      response: {
        200: Recipe('The changed recipe.'),
        ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 412, 413, 415, 422], { 422: '`rule_violation`: the `external_id` is already used by another recipe.' }),
      },
    },
  }, async (request, reply) => {
    const result = await update({ id: request.params.id, ifMatch: ifMatchOf(request), changes: request.body });
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value);
  });

  app.delete('/recipes/:id', {
    schema: {
      tags,
      operationId: 'archiveRecipe',
      summary: 'Archive a recipe',
      description: 'Sets `status` archived and `archived_at`. Repeating it is a no-op 200. Products that contain the recipe keep it.',
      params: IdParams,
      headers: IfMatchHeaders,
      response: { 200: Recipe('The archived recipe.'), ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 412]) },
    },
  }, async (request, reply) => {
    const result = await archive({ id: request.params.id, ifMatch: ifMatchOf(request) });
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value);
  });
};
