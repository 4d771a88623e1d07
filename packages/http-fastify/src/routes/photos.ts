/**
 * `PUT` and `DELETE` `/api/recipes/{id}/photo` and `/api/products/{id}/cover`: the body is the image's bytes. Image
 * bodies are parsed only here (an encapsulated context), so every other route still takes JSON alone.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MAX_PHOTO_BYTES,
  removeProductCover,
  removeRecipePhoto,
  setProductCover,
  setRecipePhoto,
  type GeneratedCovers,
  type ListingDeps,
  type ProductCoverDeps,
  type ProfileLookup,
  type RecipePhotoDeps,
} from '@larder/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_CONTENT_TYPE, imageBodyParser, NOT_AN_IMAGE_BODY } from '../http/image-body.js';
import { sendProblem } from '../http/problem.js';
import { productViews } from '../http/product-views.js';
import { ifMatchOf, sendDomainError, sendVersioned } from '../http/reply.js';
import { IdParams, IfMatchHeaders, refTo } from '../schemas/common.js';
import { IMAGE_BODY, PHOTO_UPLOAD_RULES } from '../schemas/photo.js';
import { ProductSchema } from '../schemas/product.js';
import { RecipeSchema } from '../schemas/recipe.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, ETAG, problems, success } from '../schemas/responses.js';

export type PhotoRouteDeps = RecipePhotoDeps & ProductCoverDeps & { readonly listings: ListingDeps; readonly covers?: GeneratedCovers; readonly profiles?: ProfileLookup };

const UPLOAD_PROBLEMS = {
  413: '`payload_too_large`: the image is over 20 MiB, or over 50 megapixels.',
  415: '`unsupported_media_type`: the body is not a JPEG, PNG, WebP or AVIF image (whatever its Content-Type says), or holds something else besides.',
  503: '`unavailable`: the database cannot be reached, or every image worker of this instance is busy and its queue is full (2 uploads rendered at once, 8 waiting). Carries `Retry-After` (seconds).',
};

/** The bytes of an image body; a JSON body, or none, gets the 415 (`undefined` after sending it). */
function imageBytes(request: FastifyRequest, reply: FastifyReply): Buffer | undefined {
  if (Buffer.isBuffer(request.body)) return request.body;
  void sendProblem(reply, NOT_AN_IMAGE_BODY);
  return undefined;
}

export const photoRoutes: FastifyPluginAsyncTypebox<PhotoRouteDeps> = async (app, deps) => {
  app.addContentTypeParser(IMAGE_CONTENT_TYPE, imageBodyParser(MAX_PHOTO_BYTES));
  const setPhoto = setRecipePhoto(deps);
  const removePhoto = removeRecipePhoto(deps);
  const setCover = setProductCover(deps);
  const removeCover = removeProductCover(deps);
  const views = productViews({ listings: deps.listings, ...(deps.covers === undefined ? {} : { covers: deps.covers }), ...(deps.profiles === undefined ? {} : { profiles: deps.profiles }), warn: (message, detail) => app.log.warn(detail, message) });

  const Recipe = (description: string) => success(refTo(RecipeSchema), description, { ...AUTHENTICATED_HEADERS, ...ETAG });
  const ProductResponse = (description: string) => success(refTo(ProductSchema), description, { ...AUTHENTICATED_HEADERS, ...ETAG });
  // Any body is accepted by validation: the bytes are checked by the domain, which has the last word on them.
  const body = { content: Object.fromEntries(Object.keys(IMAGE_BODY.content).map((type) => [type, { schema: { description: 'The image file (binary).' } }])) };

  app.put('/recipes/:id/photo', {
    schema: {
      tags: ['recipes'],
      operationId: 'setRecipePhoto',
      summary: 'Set or replace a recipe’s photo',
      description: PHOTO_UPLOAD_RULES,
      params: IdParams,
      headers: IfMatchHeaders,
      body,
      response: { 200: Recipe('The recipe with its new `photo`.'), ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 412, 413, 415], UPLOAD_PROBLEMS) },
    },
  }, async (request, reply) => {
    const bytes = imageBytes(request, reply);
    if (bytes === undefined) return reply;
    const result = await setPhoto({ id: request.params.id, ifMatch: ifMatchOf(request), bytes });
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value);
  });

  app.delete('/recipes/:id/photo', {
    schema: {
      tags: ['recipes'],
      operationId: 'deleteRecipePhoto',
      summary: 'Remove a recipe’s photo',
      description: 'Its renditions are deleted from storage. Removing the photo of a recipe without one changes nothing (same version).',
      params: IdParams,
      headers: IfMatchHeaders,
      response: { 200: Recipe('The recipe without a photo.'), ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 412]) },
    },
  }, async (request, reply) => {
    const result = await removePhoto({ id: request.params.id, ifMatch: ifMatchOf(request) });
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value);
  });

  app.put('/products/:id/cover', {
    schema: {
      tags: ['products'],
      operationId: 'setProductCover',
      summary: 'Set or replace a product’s cover',
      description: PHOTO_UPLOAD_RULES,
      params: IdParams,
      headers: IfMatchHeaders,
      body,
      response: { 200: ProductResponse('The product with its new `cover`.'), ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 412, 413, 415], UPLOAD_PROBLEMS) },
    },
  }, async (request, reply) => {
    const bytes = imageBytes(request, reply);
    if (bytes === undefined) return reply;
    const result = await setCover({ id: request.params.id, ifMatch: ifMatchOf(request), bytes }).andThen((product) => views.one(product, request.userId));
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value);
  });

  app.delete('/products/:id/cover', {
    schema: {
      tags: ['products'],
      operationId: 'deleteProductCover',
      summary: 'Remove a product’s cover',
      description: 'Its renditions are deleted from storage, and the product shows its generated cover again. Removing the cover of a product without an uploaded one changes nothing (same version).',
      params: IdParams,
      headers: IfMatchHeaders,
      response: { 200: ProductResponse('The product without its uploaded cover: its `cover` is the generated one again.'), ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 412]) },
    },
  }, async (request, reply) => {
    const result = await removeCover({ id: request.params.id, ifMatch: ifMatchOf(request) }).andThen((product) => views.one(product, request.userId));
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value);
  });
};
