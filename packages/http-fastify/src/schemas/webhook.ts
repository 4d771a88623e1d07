/** Outbound webhook endpoints and their deliveries (Standard Webhooks). */
import { DELIVERY_LOG_LIMIT, DELIVERY_STATUSES, EVENT_TYPES, WEBHOOK_LIMITS } from '@larder/domain';
import { Type } from 'typebox';
import { DateTime, Nullable, PaginationQueryProperties, StringEnum } from './common.js';

const EVENTS_DESCRIPTION =
  'The events to receive, at least one: ' + EVENT_TYPES.map((type) => `\`${type}\``).join(', ') + '. ' +
  'Every endpoint also receives `webhook.disabled` when another endpoint of yours is disabled after failing for 3 days.';

const URL_DESCRIPTION =
  'Where deliveries are POSTed: an https URL whose host resolves to public addresses only. Plain http, and any host that ' +
  'resolves to a loopback, private, link-local, unique-local, metadata, multicast or otherwise non-public address ' +
  '(in any spelling: `2130706433`, `[::ffff:127.0.0.1]`), is a 400 `validation_failed` at `/url`, unless the service runs with ' +
  '`OUTBOUND_ALLOW_PRIVATE=true`, which allows private addresses over http or https. No credentials in the URL. ' +
  'Checked again at every delivery, against the address actually connected to.';

export const WebhookEndpointSchema = Type.Object({
  id: Type.String(),
  url: Type.String({ description: URL_DESCRIPTION }),
  events: Type.Array(StringEnum(EVENT_TYPES), { description: EVENTS_DESCRIPTION }),
  description: Nullable(Type.String()),
  enabled: Type.Boolean({ description: 'Deliveries are made only to enabled endpoints. Enabling again (PATCH `enabled: true`) clears `failing_since` and `disabled_reason`.' }),
  disabled_reason: Nullable(Type.String(), { description: 'Why the service disabled the endpoint (every delivery failing for 3 days); null when enabled or disabled by you.' }),
  failing_since: Nullable(DateTime, { description: 'When the deliveries failing since the last success began to fail; null while they succeed.' }),
  created_at: DateTime,
  updated_at: DateTime,
  version: Type.Integer(),
}, { $id: 'WebhookEndpoint' });

const SECRET = Type.String({
  description:
    'The signing secret, `whsec_` and the base64 of 32 random bytes: shown only in this response. Verify each delivery with it (see the Standard Webhooks libraries).',
});

export const WebhookEndpointWithSecretSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(StringEnum(EVENT_TYPES)),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  disabled_reason: Nullable(Type.String()),
  failing_since: Nullable(DateTime),
  created_at: DateTime,
  updated_at: DateTime,
  version: Type.Integer(),
  secret: SECRET,
});

const EventList = Type.Array(StringEnum(EVENT_TYPES), { minItems: 1, maxItems: EVENT_TYPES.length, uniqueItems: true, description: EVENTS_DESCRIPTION });

export const WebhookCreateBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: WEBHOOK_LIMITS.url, description: URL_DESCRIPTION }),
    events: EventList,
    description: Type.Optional(Nullable(Type.String({ maxLength: WEBHOOK_LIMITS.description }))),
  },
  { additionalProperties: false, examples: [{ url: 'https://hooks.example.org/larder', events: ['sale.created', 'sale.refunded'], description: 'Bookkeeping' }] },
);

export const WebhookPatchBody = Type.Object(
  {
    url: Type.Optional(Type.String({ minLength: 1, maxLength: WEBHOOK_LIMITS.url, description: URL_DESCRIPTION })),
    events: Type.Optional(EventList),
    description: Type.Optional(Nullable(Type.String({ maxLength: WEBHOOK_LIMITS.description }))),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const DeliveryParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 100 }), delivery_id: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

export const WebhookListQuery = Type.Object({ ...PaginationQueryProperties }, { additionalProperties: false, description: 'Newest first, ties by id. Unknown query parameters are a 400.' });

export const WebhookDeliverySchema = Type.Object({
  id: Type.String(),
  endpoint_id: Type.String(),
  event_id: Type.String({ description: 'The `webhook-id` header of every attempt.' }),
  event_type: Type.String(),
  payload: Type.String({ description: 'The exact JSON body POSTed: `{ type, timestamp, data }`.' }),
  status: StringEnum(DELIVERY_STATUSES, { description: '`pending`: waiting for its next attempt; `succeeded`: a 2xx answer; `failed`: given up (3 days of failures, or the endpoint was disabled or deleted).' }),
  attempts: Type.Integer(),
  last_status_code: Nullable(Type.Integer(), { description: 'Null when no answer came (refused, timed out, connection failed).' }),
  last_duration_ms: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  last_attempt_at: Nullable(DateTime),
  next_attempt_at: Nullable(DateTime),
  created_at: DateTime,
  attempt_log: Type.Array(
    Type.Object({ at: DateTime, status_code: Nullable(Type.Integer()), duration_ms: Type.Integer(), error: Nullable(Type.String()) }),
    { description: `The last ${DELIVERY_LOG_LIMIT} attempts, newest first.` },
  ),
}, { $id: 'WebhookDelivery' });
