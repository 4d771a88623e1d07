/** The product listing's query as a pure value, shared by the repository and the index test. */
import type { Filter } from 'mongodb';
import type { ProductFilter } from '@larder/domain';
import type { ProductDocument } from './product-document.js';

/** `productComparator`: created_at desc, ties by id desc. */
export const PRODUCT_LIST_SORT: Record<string, 1 | -1> = { created_at: -1, _id: -1 };

export function productFilter(filter: ProductFilter): Filter<ProductDocument> {
  return {
    ...(filter.status === undefined ? {} : { status: filter.status }),
    ...(filter.type === undefined ? {} : { type: filter.type }),
  };
}

/** The lead magnet whose page has this slug. */
export const productBySlugFilter = (slug: string): Filter<ProductDocument> => ({ slug });
