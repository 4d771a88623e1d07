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
export const eventDeliveryFilter = (eventId: string, endpointId: string): Filter<WebhookDeliveryDocument> => ({ event_id: eventId, endpoint_id: endpointId });
