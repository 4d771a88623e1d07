/**
 * `/api/webhooks`: outbound webhook endpoints (Standard Webhooks) and their deliveries. A user sees only their own
 * endpoints (anyone else's is a 404, as a missing one). Deliveries are made by the job runner, never by a request.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  retryWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  webhookDeliveryView,
  webhookEndpointView,
  type EndpointWithSecret,
  type WebhookDeliveryDeps,
  type WebhookEndpointDeps,
} from '@larder/domain';
import { pageRequestFrom } from '../http/pagination.js';
import { ifMatchOf, sendDomainError, sendPage, sendVersioned } from '../http/reply.js';
import { IdParams, IfMatchHeaders, ListOf, refTo } from '../schemas/common.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, ETAG, LINK, LOCATION, problems, success } from '../schemas/responses.js';
import { DeliveryParams, WebhookCreateBody, WebhookDeliverySchema, WebhookEndpointSchema, WebhookEndpointWithSecretSchema, WebhookListQuery, WebhookPatchBody } from '../schemas/webhook.js';

const tags = ['webhooks'];
const Endpoint = (description: string) => success(refTo(WebhookEndpointSchema), description, { ...AUTHENTICATED_HEADERS, ...ETAG });
const WithSecret = (description: string, headers: Record<string, unknown> = {}) => success(WebhookEndpointWithSecretSchema, description, { ...AUTHENTICATED_HEADERS, ...ETAG, ...headers });
const withSecret = ({ endpoint, secret }: EndpointWithSecret) => ({ ...webhookEndpointView(endpoint), secret });
const URL_PROBLEM = '`validation_failed` with pointer `/url`: not https, malformed, carrying credentials, or pointing to a private address (see `url`).';

export type WebhookRouteDeps = WebhookEndpointDeps & WebhookDeliveryDeps;

export const webhookRoutes: FastifyPluginAsyncTypebox<WebhookRouteDeps> = async (app, deps) => {
  const create = createWebhookEndpoint(deps);
  const list = listWebhookEndpoints(deps);
  const get = getWebhookEndpoint(deps);
  const update = updateWebhookEndpoint(deps);
  const remove = deleteWebhookEndpoint(deps);
  const rotate = rotateWebhookSecret(deps);
  const deliveries = listWebhookDeliveries(deps);
  const retry = retryWebhookDelivery(deps);

  app.post('/webhooks', {
    schema: {
      tags,
      operationId: 'createWebhook',
      summary: 'Create a webhook endpoint',
      description:
        'Answers the endpoint with its signing `secret`, shown only here (and by rotate-secret). Each event you subscribed to is POSTed as `{ type, timestamp, data }` ' +
        'with the Standard Webhooks headers `webhook-id` (the event id, the same on every retry), `webhook-timestamp` and `webhook-signature`, at least once; ' +
        'a non-2xx answer or none within 15 s is retried with backoff (5 s doubling to 1 h) for up to 3 days. At most 20 endpoints per user (422 `rule_violation`).',
      body: WebhookCreateBody,
      response: { 201: WithSecret('The new endpoint and its secret.', LOCATION), ...problems([...AUTHENTICATED_PROBLEMS, 413, 415, 422], { 400: URL_PROBLEM, 422: '`rule_violation`: you have 20 endpoints already.' }) },
    },
  }, async (request, reply) => {
    const result = await create(request.userId, request.body);
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, withSecret(result.value), { location: `/api/webhooks/${encodeURIComponent(result.value.endpoint.id)}` });
  });

  app.get('/webhooks', {
    schema: {
      tags,
      operationId: 'listWebhooks',
      summary: 'List your webhook endpoints',
      querystring: WebhookListQuery,
      response: {
        200: success(ListOf(refTo(WebhookEndpointSchema), 'A page of endpoints.'), 'A page of your endpoints, newest first.', { ...AUTHENTICATED_HEADERS, ...LINK }),
        ...problems(AUTHENTICATED_PROBLEMS),
      },
    },
  }, async (request, reply) => {
    const result = await list(request.userId, pageRequestFrom(request.query));
    if (result.isErr()) return sendDomainError(reply, result.error, 'query');
    return sendPage(request, reply, { ...result.value, items: result.value.items.map(webhookEndpointView) });
  });

  app.get('/webhooks/:id', {
    schema: { tags, operationId: 'getWebhook', summary: 'Read a webhook endpoint', params: IdParams, response: { 200: Endpoint('The endpoint (never its secret).'), ...problems([...AUTHENTICATED_PROBLEMS, 404]) } },
  }, async (request, reply) => {
    const result = await get(request.userId, request.params.id);
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, webhookEndpointView(result.value));
  });

  app.patch('/webhooks/:id', {
    schema: {
      tags,
      operationId: 'updateWebhook',
      summary: 'Change a webhook endpoint',
      description: 'Any of `url`, `events`, `description`, `enabled`. Enabling a disabled endpoint clears `failing_since` and `disabled_reason`; deliveries given up while it was disabled are not resent (retry them one by one).',
      params: IdParams,
      headers: IfMatchHeaders,
      body: WebhookPatchBody,
      response: { 200: Endpoint('The changed endpoint.'), ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 412, 413, 415], { 400: URL_PROBLEM }) },
    },
  }, async (request, reply) => {
    const result = await update({ userId: request.userId, id: request.params.id, ifMatch: ifMatchOf(request), changes: request.body });
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, webhookEndpointView(result.value));
  });

  app.delete('/webhooks/:id', {
    schema: {
      tags,
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook endpoint',
      description: 'Its deliveries go with it; those not made yet are never made.',
      params: IdParams,
      headers: IfMatchHeaders,
      response: { 200: Endpoint('The endpoint as it was.'), ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 412]) },
    },
  }, async (request, reply) => {
    const result = await remove({ userId: request.userId, id: request.params.id, ifMatch: ifMatchOf(request) });
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, webhookEndpointView(result.value));
  });

  app.post('/webhooks/:id/rotate-secret', {
    schema: {
      tags,
      operationId: 'rotateWebhookSecret',
      summary: "Rotate a webhook endpoint's signing secret",
      description:
        'Makes a new secret, shown only in this response. The previous one stays valid for 24 hours: meanwhile every delivery carries one signature per valid secret ' +
        '(`webhook-signature: v1,<new> v1,<old>`), so that a receiver verifying with either accepts it. Honours If-Match.',
      params: IdParams,
      headers: IfMatchHeaders,
      response: { 200: WithSecret('The endpoint and its new secret.'), ...problems([...AUTHENTICATED_PROBLEMS, 404, 409, 412]) },
    },
  }, async (request, reply) => {
    const result = await rotate({ userId: request.userId, id: request.params.id, ifMatch: ifMatchOf(request) });
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, withSecret(result.value));
  });

  app.get('/webhooks/:id/deliveries', {
    schema: {
      tags,
      operationId: 'listWebhookDeliveries',
      summary: "List a webhook endpoint's deliveries",
      params: IdParams,
      querystring: WebhookListQuery,
      response: {
        200: success(ListOf(refTo(WebhookDeliverySchema), 'A page of deliveries.'), 'A page of deliveries, newest first.', { ...AUTHENTICATED_HEADERS, ...LINK }),
        ...problems([...AUTHENTICATED_PROBLEMS, 404]),
      },
    },
  }, async (request, reply) => {
    const result = await deliveries(request.userId, request.params.id, pageRequestFrom(request.query));
    if (result.isErr()) return sendDomainError(reply, result.error, 'query');
    return sendPage(request, reply, { ...result.value, items: result.value.items.map(webhookDeliveryView) });
  });

  app.post('/webhooks/:id/deliveries/:delivery_id/retry', {
    schema: {
      tags,
      operationId: 'retryWebhookDelivery',
      summary: 'Send a delivery again',
      description:
        'Queues the delivery now, whatever its status: the same body and `webhook-id`, a new timestamp and signature. It counts as a new run of retries (up to 3 days). ' +
        'A disabled endpoint answers 409: enable it first.',
      params: DeliveryParams,
      response: { 200: success(refTo(WebhookDeliverySchema), 'The delivery, `pending` again.', AUTHENTICATED_HEADERS), ...problems([...AUTHENTICATED_PROBLEMS, 404, 409]) },
    },
  }, async (request, reply) => {
    const result = await retry(request.userId, request.params.id, request.params.delivery_id);
    if (result.isErr()) return sendDomainError(reply, result.error);
    return reply.send(webhookDeliveryView(result.value));
  });
};
