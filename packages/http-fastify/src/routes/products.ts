/** `/api/products`: list, read, create, change, publish, and generate lead magnets. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createProduct,
  generateLeadMagnet,
  getProduct,
  getProductShoppingList,
  listProducts,
  publishProduct,
  listingsAfterChange,
  listingsAfterPublish,
  retryListing,
  updateProduct,
  type GeneratedCovers,
  type ListingDeps,
  type ProductDeps,
  type ProfileLookup,
} from '@larder/domain';
import type { Static } from 'typebox';
import { pageRequestFrom } from '../http/pagination.js';
import { productViews } from '../http/product-views.js';
import { ifMatchOf, sendDomainError, sendPage, sendVersioned } from '../http/reply.js';
import { IdParams, IfMatchHeaders, ListOf, refTo } from '../schemas/common.js';
import { ListingParams } from '../schemas/listing.js';
import { LeadMagnetBody, ProductCreateBody, ProductListQuery, ProductPatchBody, ProductSchema, publishBody } from '../schemas/product.js';
import { ShoppingListQuery, ShoppingListSchema, SHOPPING_LIST_RULES } from '../schemas/shopping-list.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, ETAG, LINK, LOCATION, problems, success } from '../schemas/responses.js';

const tags = ['products'];
const Product = (description: string, headers: Record<string, unknown> = {}) =>
  success(refTo(ProductSchema), description, { ...AUTHENTICATED_HEADERS, ...ETAG, ...headers });
const locationOf = (id: string) => ({ location: `/api/products/${encodeURIComponent(id)}` });
const REFERENCE_PROBLEMS = '`unknown_recipe` (a recipe id does not exist), `recipe_archived` (a recipe the product does not contain yet is archived).';

export interface ProductRouteDeps extends ProductDeps {
  readonly listings: ListingDeps;
  /** Draws and keeps the covers of products without an uploaded one; absent: their `cover` is null. */
  readonly covers?: GeneratedCovers;
  /** The brands generated covers carry; absent: none. */
  readonly profiles?: ProfileLookup;
  /** Told after a change that may have raised events (`product.published`, ...): the relay hands them on at once. */
  readonly onEvents?: () => void;
}

export const productRoutes: FastifyPluginAsyncTypebox<ProductRouteDeps> = async (app, deps) => {
  const list = listProducts(deps);
  const get = getProduct(deps);
  const create = createProduct(deps);
  const update = updateProduct(deps);
  const publish = publishProduct(deps);
  const leadMagnet = generateLeadMagnet(deps);
  const shoppingList = getProductShoppingList(deps);
  const afterPublish = listingsAfterPublish(deps.listings);
  const afterChange = listingsAfterChange(deps.listings);
  const retry = retryListing(deps.listings);

  const views = productViews({ listings: deps.listings, ...(deps.covers === undefined ? {} : { covers: deps.covers }), ...(deps.profiles === undefined ? {} : { profiles: deps.profiles }), warn: (message, detail) => app.log.warn(detail, message) });

  app.get('/products', {
    schema: {
      tags,
      operationId: 'listProducts',
      summary: 'List products',
      querystring: ProductListQuery,
      response: {
        200: success(ListOf(refTo(ProductSchema), 'A page of products.'), 'A page of products, newest first.', { ...AUTHENTICATED_HEADERS, ...LINK }),
        ...problems(AUTHENTICATED_PROBLEMS),
      },
    },
  }, async (request, reply) => {
    const { status, type } = request.query;
    const listed = await list({ ...(status === undefined ? {} : { status }), ...(type === undefined ? {} : { type }) }, pageRequestFrom(request.query)).andThen((found) =>
      views.many(found.items, request.userId).map((items) => ({ ...found, items })),
    );
    if (listed.isErr()) return sendDomainError(reply, listed.error, 'query');
    return sendPage(request, reply, listed.value);
  });

  app.get('/products/:id/shopping-list', {
    schema: {
      tags,
      operationId: 'getShoppingList',
      summary: 'The shopping list of a product',
      description: SHOPPING_LIST_RULES,
      params: IdParams,
      querystring: ShoppingListQuery,
      response: {
        200: success(refTo(ShoppingListSchema), 'The shopping list, ordered by aisle then name.', AUTHENTICATED_HEADERS),
        ...problems([...AUTHENTICATED_PROBLEMS, 404], { 400: '`validation_failed`: `units` is not one of `original`, `metric`, `us` (or another query parameter is unknown).' }),
      },
    },
  }, async (request, reply) => {
    const result = await shoppingList(request.params.id, request.query.units);
    if (result.isErr()) return sendDomainError(reply, result.error, 'query');
    // The domain's lists are read-only; the serialiser only reads them.
    return reply.send(result.value as Static<typeof ShoppingListSchema>);
  });

  app.get('/products/:id', {
    schema: {
      tags,
      operationId: 'getProduct',
      summary: 'Read a product',
      params: IdParams,
      response: { 200: Product('The product.'), ...problems([...AUTHENTICATED_PROBLEMS, 404]) },
    },
  }, async (request, reply) => {
    const result = await get(request.params.id).andThen((product) => views.one(product, request.userId));
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value);
  });

  app.post('/products', {
    config: { idempotent: true },
    schema: {
      tags,
      operationId: 'createProduct',
      summary: 'Create an ebook, meal plan or recipe card pack',
      body: ProductCreateBody,
      response: { 201: Product('The new product, as a draft.', LOCATION), ...problems([...AUTHENTICATED_PROBLEMS, 413, 415, 422], { 422: REFERENCE_PROBLEMS }) },
    },
  }, async (request, reply) => {
    const result = await create(request.body).andThen((product) => views.one(product, request.userId));
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value, locationOf(result.value.id));
  });

  app.patch('/products/:id', {
    schema: {
      tags,
      operationId: 'updateProduct',
      summary: 'Change a product',
      description: 'An archived product accepts only `status: draft` (restore) until restored; changing content and archiving at once is a 409.',
      params: IdParams,
      headers: IfMatchHeaders,
      body: ProductPatchBody,
      response: { 200: Product('The changed product.'), ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 412, 413, 415, 422], { 422: REFERENCE_PROBLEMS }) },
    },
  }, async (request, reply) => {
    const ifMatch = ifMatchOf(request);
    // The product as it was, so that its listings follow only a real change (a PATCH that changes nothing moves no version).
    const result = await get(request.params.id).andThen((before) =>
      update({ id: request.params.id, ifMatch, changes: request.body, userId: request.userId }).andThen((after) => afterChange(before, after).andThen(() => views.one(after, request.userId))),
    );
    if (result.isOk()) deps.onEvents?.();
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value);
  });

  app.post('/products/:id/publish', {
    schema: {
      tags,
      operationId: 'publishProduct',
      summary: 'Publish a product to sales platforms',
      description:
        'Sets `status` published, `sales`, and `published_at` (first publication only). Publishing again replaces the sales settings. ' +
        'Answers at once: each platform\'s listing is made in the background (see `listings`: `pending`, then `live` or `failed`), with the publishing user\'s connection to that platform; ' +
        'a platform without a connection is `not_connected`. Platforms dropped from `platforms` are taken down.',
      params: IdParams,
      headers: IfMatchHeaders,
      body: publishBody(deps.salesPlatforms),
      response: {
        200: Product('The published product.'),
        ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 412, 413, 415, 422], { 422: '`rule_violation`: no recipes, a lead magnet with a price, or another type without one.' }),
      },
    },
  }, async (request, reply) => {
    const result = await publish({ id: request.params.id, ifMatch: ifMatchOf(request), sales: request.body, userId: request.userId }).andThen((product) =>
      afterPublish(product, request.userId).andThen(() => views.one(product, request.userId)),
    );
    if (result.isOk()) deps.onEvents?.();
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value);
  });

  app.post('/products/:id/listings/:platform/retry', {
    schema: {
      tags,
      operationId: 'retryListing',
      summary: 'Retry a failed listing',
      description: 'Queues a `failed` (or `not_connected`) listing again, with the connection of the user who published it (or yours, when it never had one). Any other state is a 409.',
      params: ListingParams,
      response: { 200: Product('The product, its listing `pending` again.'), ...problems([...AUTHENTICATED_PROBLEMS, 404, 409]) },
    },
  }, async (request, reply) => {
    const { id, platform } = request.params;
    const result = await get(id).andThen((product) => retry(product, platform, request.userId).andThen(() => views.one(product, request.userId)));
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value);
  });

  app.post('/products/:id/lead-magnet', {
    config: { idempotent: true },
    schema: {
      tags,
      operationId: 'createLeadMagnet',
      summary: 'Generate a free lead magnet from an ebook or recipe card pack',
      description:
        'A new `lead_magnet` draft with the source’s email-ready, non-archived recipes in the source’s order, up to `max_recipes` (default 5). ' +
        'The body is optional. An archived source is a 409.',
      params: IdParams,
      body: LeadMagnetBody,
      response: {
        201: Product('The new lead magnet.', LOCATION),
        ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 413, 415, 422], { 422: '`not_eligible`: the source is not an ebook or recipe card pack, or has no email-ready recipe.' }),
      },
    },
  }, async (request, reply) => {
    const result = await leadMagnet({ sourceId: request.params.id, request: request.body }).andThen((product) => views.one(product, request.userId));
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value, locationOf(result.value.id));
  });
};
