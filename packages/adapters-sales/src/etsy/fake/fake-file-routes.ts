/**
 * The fake's files and images, on Etsy's paths: `uploadListingFile` / `uploadListingImage` (multipart/form-data,
 * read with the platform's own multipart parser), `getAllListingFiles`, `deleteListingFile` (deleting the last file
 * of a digital listing makes it physical, as Etsy documents) and `getListingImages`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guarded, listingOf, notFound, refuse, type FakeContext } from './fake-context.js';
import { looksLikeImage, MAX_FILES, MAX_IMAGES } from './fake-rules.js';
import { listingFileOf, listingImageOf, nextId } from './fake-state.js';

/** The multipart body as Etsy would read it, or null when the request was not multipart. */
async function multipartOf(request: FastifyRequest): Promise<FormData | null> {
  const type = request.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data') || !Buffer.isBuffer(request.body)) return null;
  try {
    return await new Request('http://fake.invalid/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(request.body) }).formData();
  } catch {
    return null;
  }
}

const fileField = (form: FormData, name: string): File | null => {
  const value = form.get(name);
  return value instanceof File ? value : null;
};

const intField = (form: FormData, name: string): number | null => {
  const value = form.get(name);
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
};

export function installFileRoutes(app: FastifyInstance, context: FakeContext): void {
  const { state } = context;
  const now = () => context.auth.now();
  const FILES = '/v3/application/shops/:shop_id/listings/:listing_id/files';
  const IMAGES = '/v3/application/shops/:shop_id/listings/:listing_id/images';

  app.post(
    FILES,
    guarded(context, 'listings_w', async (request, reply) => {
      const listing = listingOf(context, request);
      if (listing === undefined) return notFound(reply);
      const form = await multipartOf(request);
      if (form === null) return refuse(reply, 400, 'The request body must be multipart/form-data.');
      const file = fileField(form, 'file');
      if (file === null) return refuse(reply, 400, 'Either a valid file or a listing_file_id must be provided.');
      if (file.size > context.maxFileBytes) return refuse(reply, 400, `The file is too large: each file must be ${context.maxFileBytes} bytes or less.`);
      if (file.size === 0) return refuse(reply, 400, 'The file is empty.');
      if (listing.files.length >= MAX_FILES) return refuse(reply, 400, `Listings are only allowed ${MAX_FILES} files.`);
      const named = form.get('name');
      const stored = {
        listing_file_id: nextId(state),
        filename: typeof named === 'string' && named.trim() !== '' ? named : file.name,
        filetype: file.type === '' ? 'application/octet-stream' : file.type,
        bytes: new Uint8Array(await file.arrayBuffer()),
        rank: listing.files.length + 1,
        created: now(),
      };
      listing.files.push(stored);
      listing.updated = now();
      return reply.code(201).send(listingFileOf(listing, stored));
    }),
  );

  app.get(
    FILES,
    guarded(context, 'listings_r', async (request, reply) => {
      const listing = listingOf(context, request);
      if (listing === undefined) return notFound(reply);
      const files = listing.listing_type === 'physical' ? [] : listing.files.map((file) => listingFileOf(listing, file));
      return reply.send({ count: files.length, results: files });
    }),
  );

  app.delete(
    `${FILES}/:listing_file_id`,
    guarded(context, 'listings_w', async (request, reply) => {
      const listing = listingOf(context, request);
      if (listing === undefined) return notFound(reply);
      const fileId = Number((request.params as Record<string, string>)['listing_file_id']);
      const index = listing.files.findIndex((file) => file.listing_file_id === fileId);
      if (index === -1) return notFound(reply, 'ListingFile');
      listing.files.splice(index, 1);
      listing.files.forEach((file, rank) => {
        file.rank = rank + 1;
      });
      if (listing.files.length === 0 && listing.listing_type === 'download') listing.listing_type = 'physical';
      listing.updated = now();
      return reply.code(204).send();
    }),
  );

  app.post(
    IMAGES,
    guarded(context, 'listings_w', async (request, reply) => {
      const listing = listingOf(context, request);
      if (listing === undefined) return notFound(reply);
      const form = await multipartOf(request);
      if (form === null) return refuse(reply, 400, 'The request body must be multipart/form-data.');
      const image = fileField(form, 'image');
      const bytes = image === null ? null : new Uint8Array(await image.arrayBuffer());
      if (bytes === null || !looksLikeImage(bytes)) return refuse(reply, 400, 'Either a valid image file or a listing_image_id must be provided.');
      const rank = Math.max(1, Math.min(intField(form, 'rank') ?? listing.images.length + 1, listing.images.length + 1));
      const overwrite = form.get('overwrite') === 'true';
      const stored = { listing_image_id: nextId(state), rank, bytes, created: now() };
      const replaced = overwrite ? listing.images.findIndex((existing) => existing.rank === rank) : -1;
      if (replaced !== -1) listing.images[replaced] = stored;
      else {
        if (listing.images.length >= MAX_IMAGES) {
          return refuse(reply, 400, `Listings are only allowed ${MAX_IMAGES} images. Please delete a ListingImage before trying to upload another.`);
        }
        listing.images.splice(rank - 1, 0, stored);
      }
      listing.images.forEach((each, position) => {
        each.rank = position + 1;
      });
      listing.updated = now();
      return reply.code(201).send(listingImageOf(state, listing, stored));
    }),
  );

  app.get(
    '/v3/application/listings/:listing_id/images',
    guarded(context, null, async (request, reply) => {
      const listing = listingOf(context, request);
      if (listing === undefined) return notFound(reply);
      return reply.send({ count: listing.images.length, results: listing.images.map((image) => listingImageOf(state, listing, image)) });
    }),
  );
}
