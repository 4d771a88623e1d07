/** The sale repository's queries as pure values, shared by the repository and the index test. */
import type { Filter } from 'mongodb';
import type { SaleFilter } from '@larder/domain';
import type { SaleDocument } from './sale-document.js';

export function saleFilter(filter: SaleFilter): Filter<SaleDocument> {
  const soldAt = { ...(filter.from === undefined ? {} : { $gte: filter.from }), ...(filter.to === undefined ? {} : { $lt: filter.to }) };
  return {
    ...(filter.userId === undefined ? {} : { user_id: filter.userId }),
    ...(filter.productId === undefined ? {} : { product_id: filter.productId }),
    ...(filter.platform === undefined ? {} : { platform: filter.platform }),
    ...(Object.keys(soldAt).length === 0 ? {} : { sold_at: soldAt }),
  };
}

/** Newest first, ties by id descending (the domain's `saleComparator`). */
export const SALE_LIST_SORT: Record<string, 1 | -1> = { sold_at: -1, _id: -1 };
