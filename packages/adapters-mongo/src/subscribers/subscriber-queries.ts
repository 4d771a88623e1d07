/** The subscriber repository's queries as pure values, shared by the repository and the index test. */
import type { Filter } from 'mongodb';
import type { SubscriberFilter } from '@larder/domain';
import type { SubscriberDocument } from './subscriber-document.js';

/** `subscriberComparator`: newest first, ties by id desc. */
export const SUBSCRIBER_LIST_SORT: Record<string, 1 | -1> = { created_at: -1, _id: -1 };

export const subscriberFilter = (filter: SubscriberFilter): Filter<SubscriberDocument> => ({
  product_id: filter.productId,
  ...(filter.status === undefined ? {} : { status: filter.status }),
});

export const subscriberByAddressFilter = (productId: string, emailKey: string): Filter<SubscriberDocument> => ({ product_id: productId, email_key: emailKey });
