/**
 * `POST /api/recipes/import`: a recipe from a page on the web (its schema.org Recipe, JSON-LD first, then
 * microdata). The page and its image are fetched by the `RecipePageSource` (adapters-outbound: the SSRF guard, 10 s,
 * 5 MiB, HTML only, 5 redirects); the request waits for them, so this route is slower than the others.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { importRecipeFromUrl, type UrlImportDeps } from '@larder/domain';
import { sendDomainError, sendVersioned } from '../http/reply.js';
import { refTo } from '../schemas/common.js';
import { ImportedRecipeSchema, RecipeImportBody } from '../schemas/recipe-import.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, ETAG, LOCATION, problems, success } from '../schemas/responses.js';

const DESCRIPTION =
  'Fetches the page at `url` and makes a recipe of its schema.org `Recipe` (JSON-LD first, including `@graph`, arrays and ' +
  'nested `HowToSection`/`HowToStep`; microdata otherwise), mapped as the CLI’s JSON-LD import maps it (see docs/import-formats.md). ' +
  '`source_url` is `url` as given: importing the same URL again updates that recipe (200) instead of making another (201). ' +
  'The page’s main image goes through the photo pipeline (JPEG, PNG, WebP or AVIF, up to 20 MiB); an image that fails does ' +
  'not fail the import and is named in `import_warnings`. The page is fetched with a 10 s limit for the whole exchange, ' +
  'up to 5 MiB, HTML only, at most 5 redirects; no hop may reach a loopback, private, link-local or metadata address ' +
  '(checked after DNS resolution) unless the service runs with `OUTBOUND_ALLOW_PRIVATE=true`.';

export const recipeImportRoutes: FastifyPluginAsyncTypebox<UrlImportDeps> = async (app, deps) => {
  const importRecipe = importRecipeFromUrl(deps);
  const Imported = (description: string, extra = {}) => success(refTo(ImportedRecipeSchema), description, { ...AUTHENTICATED_HEADERS, ...ETAG, ...extra });

  app.post('/recipes/import', {
    schema: {
      tags: ['recipes'],
      operationId: 'importRecipe',
      summary: 'Import a recipe from a web page',
      description: DESCRIPTION,
      body: RecipeImportBody,
      response: {
        200: Imported('A recipe with this `source_url` existed: it is updated from the page (its version grows only if something changed).'),
        201: Imported('The new recipe.', LOCATION),
        ...problems([...AUTHENTICATED_PROBLEMS, 409, 413, 415, 422], {
          422:
            '`no_recipe_found`: the page has no schema.org Recipe, or one the API would refuse (no name, say). ' +
            '`fetch_failed`: the page could not be fetched; `detail` says why (timeout after 10 s, over 5 MiB, not HTML, HTTP status N, too many redirects, a refused address).',
        }),
      },
    },
  }, async (request, reply) => {
    const result = await importRecipe(request.body);
    if (result.isErr()) {
      if (result.error.type === 'FetchFailed') request.log.info({ url: request.body.url, reason: result.error.detail }, 'recipe import: fetch failed');
      return sendDomainError(reply, result.error);
    }
    const { recipe, created, warnings } = result.value;
    if (warnings.length > 0) request.log.info({ url: request.body.url, recipe: recipe.id, warnings }, 'recipe import: left out');
    const body = { ...recipe, import_warnings: warnings };
    return created ? sendVersioned(reply, body, { location: `/api/recipes/${encodeURIComponent(recipe.id)}` }) : sendVersioned(reply, body);
  });
};
