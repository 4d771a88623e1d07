/** The webhook stores' queries as pure values, shared by the repositories and the index test. */
import type { Filter } from 'mongodb';
import type { WebhookDeliveryDocument } from './webhook-delivery-document.js';
import type { WebhookEndpointDocument } from './webhook-endpoint-document.js';

/** `webhookEndpointComparator` and `webhookDeliveryComparator`: newest first, ties by id descending. */
export const NEWEST_FIRST_SORT: Record<string, 1 | -1> = { created_at: -1, _id: -1 };

export const userEndpointsFilter = (userId: string): Filter<WebhookEndpointDocument> => ({ user_id: userId });
export const enabledUserEndpointsFilter = (userId: string): Filter<WebhookEndpointDocument> => ({ user_id: userId, enabled: true });

export const endpointDeliveriesFilter = (endpointId: string): Filter<WebhookDeliveryDocument> => ({ endpoint_id: endpointId });
export const pendingEndpointDeliveriesFilter = (endpointId: string): Filter<WebhookDeliveryDocument> => ({ endpoint_id: endpointId, status: 'pending' });
/** An endpoint's pending deliveries due at `now`, and those due after it; earliest due first (ties by id). */
export const dueEndpointDeliveriesFilter = (endpointId: string, now: Date): Filter<WebhookDeliveryDocument> => ({ endpoint_id: endpointId, status: 'pending', next_attempt_at: { $lte: now } });
export const laterEndpointDeliveriesFilter = (endpointId: string, after: Date): Filter<WebhookDeliveryDocument> => ({ endpoint_id: endpointId, status: 'pending', next_attempt_at: { $gt: after } });
export const DUE_FIRST_SORT: Record<string, 1 | -1> = { next_attempt_at: 1, _id: 1 };
export const eventDeliveryFilter = (eventId: string, endpointId: string): Filter<WebhookDeliveryDocument> => ({ event_id: eventId, endpoint_id: endpointId });
