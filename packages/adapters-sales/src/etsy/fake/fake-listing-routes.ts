/**
 * The fake's listing operations, on Etsy's paths: `createDraftListing`, `getListingsByShop`, `getListing`,
 * `updateListing` (form-encoded, including the state changes and the rules for activating a digital listing), and
 * `getListingInventory` / `updateListingInventory` (JSON), where a listing's price lives.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formOf, guarded, listingOf, notFound, refuse, type FakeContext } from './fake-context.js';
import { madeProblem, MAX_QUANTITY, parseTags, priceOf, quantityOf, tagsProblem, titleProblem } from './fake-rules.js';
import { digitsOf, moneyOf, nextId, shopListingOf, type FakeStoredListing } from './fake-state.js';

const STATES = ['active', 'inactive', 'sold_out', 'draft', 'expired'];
const NOT_A_FORM = 'The request body must be application/x-www-form-urlencoded.';

/** Why a listing may not become active, or null. Etsy's own message for a digital listing without a file. */
function activationProblem(context: FakeContext, listing: FakeStoredListing): string | null {
  if (listing.listing_type === 'physical') return 'A physical listing needs a shipping profile before it can be activated.';
  if (listing.files.length === 0 && listing.when_made !== 'made_to_order') {
    return 'This digital listing cannot be activated. Please upload a file or associate an existing file to download with this listing.';
  }
  if (context.requireImageToActivate && listing.images.length === 0) return 'A listing must have at least one image before it can be activated.';
  return null;
}

export function installListingRoutes(app: FastifyInstance, context: FakeContext): void {
  const { state } = context;
  const view = (listing: FakeStoredListing) => shopListingOf(state, listing, digitsOf(state.shop.currency));
  const now = () => context.auth.now();

  app.post(
    '/v3/application/shops/:shop_id/listings',
    guarded(context, 'listings_w', async (request, reply) => {
      const form = formOf(request);
      if (form === null) return refuse(reply, 400, NOT_A_FORM);
      const title = form.get('title');
      const description = form.get('description');
      const made = { who_made: form.get('who_made'), when_made: form.get('when_made'), is_supply: form.get('is_supply') };
      const tags = parseTags(form.get('tags') ?? '');
      const price = priceOf(form.get('price'), digitsOf(state.shop.currency));
      const quantity = quantityOf(form.get('quantity'));
      const taxonomy = Number(form.get('taxonomy_id'));
      const type = form.get('type') ?? 'physical';
      const problem =
        titleProblem(title) ??
        (description === null || description.trim() === '' ? 'description is required' : null) ??
        (typeof price === 'string' ? price : null) ??
        (typeof quantity === 'string' ? quantity : null) ??
        (made.who_made === null || made.when_made === null ? 'who_made and when_made are required' : null) ??
        madeProblem(made, new Date(now())) ??
        (!Number.isInteger(taxonomy) || taxonomy < 1 ? 'There was a problem with /taxonomy_id : must be a positive integer' : null) ??
        (!['physical', 'download', 'both'].includes(type) ? `Invalid value (${type}) for enum(physical, download, both)` : null) ??
        (type !== 'download' && form.get('shipping_profile_id') === null ? 'shipping_profile_id is required when listing type is physical' : null) ??
        tagsProblem(tags);
      if (problem !== null || typeof price === 'string' || typeof quantity === 'string') return refuse(reply, 400, problem ?? 'bad request');
      const at = now();
      const listing: FakeStoredListing = {
        listing_id: nextId(state),
        title: title ?? '',
        description: description ?? '',
        state: 'draft',
        tags,
        priceCents: price,
        quantity,
        who_made: made.who_made ?? 'i_did',
        when_made: made.when_made ?? 'made_to_order',
        is_supply: made.is_supply === 'true',
        taxonomy_id: taxonomy,
        listing_type: type as FakeStoredListing['listing_type'],
        files: [],
        images: [],
        created: at,
        updated: at,
        deleted: false,
      };
      state.listings.set(listing.listing_id, listing);
      return reply.code(201).send(view(listing));
    }),
  );

  app.get(
    '/v3/application/shops/:shop_id/listings',
    guarded(context, 'listings_r', async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const wanted = query['state'] ?? 'active';
      const limit = Number(query['limit'] ?? 25);
      const offset = Number(query['offset'] ?? 0);
      if (!STATES.includes(wanted)) return refuse(reply, 400, `Invalid value (${wanted}) for enum(${STATES.join(', ')})`);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return refuse(reply, 400, 'There was a problem with /limit : must be from 1 to 100');
      if (!Number.isInteger(offset) || offset < 0) return refuse(reply, 400, 'There was a problem with /offset : must be 0 or more');
      const all = [...state.listings.values()].filter((listing) => !listing.deleted && listing.state === wanted).sort((a, b) => b.created - a.created || b.listing_id - a.listing_id);
      return reply.send({ count: all.length, results: all.slice(offset, offset + limit).map(view) });
    }),
  );

  app.get(
    '/v3/application/listings/:listing_id',
    guarded(context, null, async (request, reply) => {
      const listing = listingOf(context, request);
      return listing === undefined ? notFound(reply) : reply.send(view(listing));
    }),
  );

  app.patch(
    '/v3/application/shops/:shop_id/listings/:listing_id',
    guarded(context, 'listings_w', async (request, reply) => {
      const listing = listingOf(context, request);
      if (listing === undefined) return notFound(reply);
      const form = formOf(request);
      if (form === null) return refuse(reply, 400, NOT_A_FORM);
      const title = form.get('title');
      const tags = form.has('tags') ? parseTags(form.get('tags') ?? '') : null;
      const wanted = form.get('state');
      const problem =
        (title !== null ? titleProblem(title) : null) ??
        (form.has('description') && (form.get('description') ?? '').trim() === '' ? 'description cannot be empty' : null) ??
        (tags !== null ? tagsProblem(tags) : null) ??
        (wanted !== null && wanted !== 'active' && wanted !== 'inactive' ? `Invalid value (${wanted}) for enum(active, inactive)` : null) ??
        (wanted === 'inactive' && listing.state === 'draft' ? 'A draft listing cannot be deactivated; activate or delete it.' : null) ??
        (wanted === 'active' && listing.state !== 'active' ? activationProblem(context, listing) : null);
      if (problem !== null) return refuse(reply, 400, problem);
      if (title !== null) listing.title = title;
      if (form.has('description')) listing.description = form.get('description') ?? '';
      if (tags !== null) listing.tags = tags;
      if (wanted === 'active' && listing.state === 'sold_out') listing.quantity = 1;
      if (wanted !== null) listing.state = wanted as FakeStoredListing['state'];
      listing.updated = now();
      return reply.send(view(listing));
    }),
  );

  const inventoryOf = (listing: FakeStoredListing) => ({
    products: [
      {
        product_id: listing.listing_id + 1,
        sku: '',
        is_deleted: false,
        offerings: [
          {
            offering_id: listing.listing_id + 2,
            quantity: listing.quantity,
            is_enabled: true,
            is_deleted: false,
            price: moneyOf(listing.priceCents, state.shop.currency, digitsOf(state.shop.currency)),
          },
        ],
        property_values: [],
      },
    ],
    price_on_property: [],
    quantity_on_property: [],
    sku_on_property: [],
    listing: null,
  });

  app.get(
    '/v3/application/listings/:listing_id/inventory',
    guarded(context, 'listings_r', async (request, reply) => {
      const listing = listingOf(context, request);
      return listing === undefined ? notFound(reply) : reply.send(inventoryOf(listing));
    }),
  );

  app.put(
    '/v3/application/listings/:listing_id/inventory',
    guarded(context, 'listings_w', async (request, reply: FastifyReply) => {
      const listing = listingOf(context, request);
      if (listing === undefined) return notFound(reply);
      if (!request.headers['content-type']?.startsWith('application/json')) return refuse(reply, 400, 'The request body must be application/json.');
      const body = request.body as { products?: { property_values?: unknown[]; offerings?: { price?: unknown; quantity?: unknown; is_enabled?: unknown }[] }[] };
      const product = body.products?.[0];
      const offering = product?.offerings?.[0];
      if (body.products?.length !== 1 || product?.offerings?.length !== 1 || offering === undefined || (product.property_values ?? []).length > 0) {
        return refuse(reply, 400, 'The fake takes one product with one offering and no property values.');
      }
      const price = priceOf(String(offering.price), digitsOf(state.shop.currency));
      const quantity = Number(offering.quantity);
      if (typeof price === 'string') return refuse(reply, 400, price);
      if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY) return refuse(reply, 400, 'There was a problem with /quantity');
      if (typeof offering.is_enabled !== 'boolean') return refuse(reply, 400, 'is_enabled is required');
      listing.priceCents = price;
      listing.quantity = quantity;
      listing.updated = now();
      return reply.send(inventoryOf(listing));
    }),
  );
}
