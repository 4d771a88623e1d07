/**
 * A product's cover, uploaded: the same pipeline and rules as a recipe's photo (see `recipe/recipe-photo.ts`). A
 * change of cover is a change of the product (its version grows) but raises no event: nothing about its sale changed.
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ImageRejected, ImagesBusy } from '../media/image-processor.js';
import type { Photo } from '../media/photo.js';
import { removeReplacedPhoto, storePhoto, type PhotoDeps } from '../media/photo-upload.js';
import type { ProductError } from '../shared/errors.js';
import { changeVersioned } from '../shared/optimistic.js';
import { reviseProduct, type Product } from './product.js';
import { getProduct, type ProductChangeCommand, type ProductDeps } from './product-use-cases.js';

export type ProductCoverDeps = Pick<ProductDeps, 'products' | 'clock'> & PhotoDeps;

function changeCover(deps: ProductCoverDeps, command: ProductChangeCommand, cover: Photo | null): ResultAsync<Product, ProductError> {
  let replaced: Photo | null = null;
  return changeVersioned<Product, ProductError>({
    load: () => getProduct(deps)(command.id),
    ifMatch: command.ifMatch,
    change: (current) => {
      replaced = current.cover;
      return okAsync(reviseProduct(current, { cover }, deps.clock.now()));
    },
    write: (next, expectedVersion) => deps.products.update(next, expectedVersion),
    what: 'product',
    id: command.id,
  }).map(async (product) => {
    if (replaced !== product.cover) await removeReplacedPhoto(deps)(replaced, product.cover);
    return product;
  });
}

function precheck(deps: ProductCoverDeps, command: ProductChangeCommand): ResultAsync<Product, ProductError> {
  return getProduct(deps)(command.id).andThen((product) =>
    command.ifMatch !== undefined && command.ifMatch !== product.version
      ? errAsync({ type: 'PreconditionFailed' as const, expected: command.ifMatch, actual: product.version })
      : okAsync(product),
  );
}

export const setProductCover =
  (deps: ProductCoverDeps) =>
  (command: ProductChangeCommand & { readonly bytes: Uint8Array }): ResultAsync<Product, ProductError | ImageRejected | ImagesBusy> =>
    precheck(deps, command)
      .andThen(() => storePhoto(deps)(command.bytes, `product:${command.id}`))
      .andThen((cover) => changeCover(deps, command, cover));

export const removeProductCover =
  (deps: ProductCoverDeps) =>
  (command: ProductChangeCommand): ResultAsync<Product, ProductError> =>
    changeCover(deps, command, null);
