/**
 * `/v2/products` of the fake, after `Api::V2::LinksController`: index (ten a page, newest first, `page_key`), show,
 * create (an unpublished draft), update (fields, and `files[]` replacing the file list), enable, disable, destroy.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCT_NOT_FOUND, paramsOf, refusal, badRequest, type FakeContext } from './fake-context.js';
import { saveFiles } from './fake-file-rules.js';
import { productJson } from './fake-json.js';
import { changedProduct, readChanges } from './fake-product-rules.js';
import { externalId, type StoredProduct } from './fake-store.js';
import { paramText } from './rails-params.js';

const RESULTS_PER_PAGE = 10;

export function productRoutes(app: FastifyInstance, ctx: FakeContext): void {
  const { store } = ctx;
  const render = (product: StoredProduct, extra: Record<string, unknown> = {}) => ({
    success: true,
    product: productJson(store, ctx.base(), product, false),
    ...extra,
  });
  const find = (params: unknown): StoredProduct | undefined =>
    typeof params === 'object' && params !== null && 'id' in params && typeof params.id === 'string' ? store.product(params.id) : undefined;

  app.get('/v2/products', async (request, reply) => {
    const pageKey = paramText(paramsOf(request)['page_key']);
    let products = store.visibleProducts();
    if (pageKey !== null && pageKey !== '') {
      const after = /^(\d+)-\d+$/.exec(pageKey)?.[1];
      if (after === undefined) return reply.code(400).send(badRequest('Invalid page_key.'));
      products = products.filter((product) => product.createdAt < Number(after));
    }
    const page = products.slice(0, RESULTS_PER_PAGE);
    const last = page[page.length - 1];
    const more = products.length > RESULTS_PER_PAGE && last !== undefined;
    const nextKey = more ? `${last.createdAt}-${store.products.indexOf(last) + 1}` : null;
    return {
      success: true,
      products: page.map((product) => productJson(store, ctx.base(), product, true)),
      ...(nextKey === null ? {} : { next_page_key: nextKey, next_page_url: `/v2/products?page_key=${encodeURIComponent(nextKey)}` }),
    };
  });

  app.get('/v2/products/:id', async (request) => {
    const product = find(request.params);
    return product === undefined ? PRODUCT_NOT_FOUND : render(product);
  });

  app.post('/v2/products', async (request) => {
    const params = paramsOf(request);
    const changes = readChanges(params, 'create');
    if (!changes.ok) return refusal(changes.message);
    const draft: StoredProduct = {
      id: externalId(),
      uniquePermalink: store.uniquePermalink(),
      createdAt: store.now(),
      customPermalink: null,
      name: '',
      description: '',
      priceCents: 0,
      currency: store.seller.currency,
      tags: [],
      draft: true,
      purchaseDisabled: true,
      deleted: false,
      files: [],
      covers: [],
    };
    const product = changedProduct(store, draft, changes.value);
    if (!product.ok) return refusal(product.message);
    store.products.push(product.value);
    return render(product.value);
  });

  const update = async (request: FastifyRequest) => {
    const product = find(request.params);
    if (product === undefined) return PRODUCT_NOT_FOUND;
    const params = paramsOf(request);
    const changes = readChanges(params, 'update');
    if (!changes.ok) return refusal(changes.message);
    const candidate = changedProduct(store, product, changes.value);
    if (!candidate.ok) return refusal(candidate.message);
    let mappings: Record<string, string> = {};
    if ('files' in params) {
      const saved = saveFiles(store, ctx.s3Base(), product, params['files']);
      if (!saved.ok) return refusal(saved.message);
      candidate.value.files = saved.value.files;
      mappings = saved.value.mappings;
    }
    Object.assign(product, candidate.value);
    return render(product, Object.keys(mappings).length === 0 ? {} : { file_id_mappings: mappings });
  };
  app.put('/v2/products/:id', update);
  app.patch('/v2/products/:id', update);

  app.put('/v2/products/:id/enable', async (request) => {
    const product = find(request.params);
    if (product === undefined) return PRODUCT_NOT_FOUND;
    Object.assign(product, { purchaseDisabled: false, draft: false });
    return render(product);
  });

  app.put('/v2/products/:id/disable', async (request) => {
    const product = find(request.params);
    if (product === undefined) return PRODUCT_NOT_FOUND;
    product.purchaseDisabled = true;
    return render(product);
  });

  app.delete('/v2/products/:id', async (request) => {
    const product = find(request.params);
    if (product === undefined) return PRODUCT_NOT_FOUND;
    product.deleted = true;
    return { success: true, message: 'The product was deleted successfully.' };
  });
}
