/**
 * Outbound webhooks, assembled for the service: the endpoint and delivery stores in MongoDB, the outbox of every
 * collection whose writes raise events, the relay that turns waiting events into deliveries (woken after writes, and
 * every second for events another process wrote or left behind), the `webhook.deliver` handler that the publishing
 * job runner runs, and the SSRF guard (`OUTBOUND_ALLOW_PRIVATE`). Safe with several instances: the relay is
 * idempotent (one delivery per event and endpoint) and the queue's leases keep a delivery from running twice at once.
 */
import { endpointUrlPolicy, httpWebhookSender, outboundGuard } from '@larder/adapters-outbound';
import {
  LISTINGS_COLLECTION,
  MongoEventOutbox,
  MongoWebhookDeliveryRepository,
  MongoWebhookEndpointRepository,
  PRODUCTS_COLLECTION,
  SALES_COLLECTION,
  SUBSCRIBERS_COLLECTION,
  WEBHOOK_ENDPOINTS_COLLECTION,
  type DatabaseHandle,
} from '@larder/adapters-mongo';
import { relayEvents, startRelayLoop, webhookDeliveryHandler, type Clock, type IdGenerator, type JobHandler, type JobQueue, type RelayLoop, type SecretBox } from '@larder/domain';
import type { WebhookAppDeps } from '../app.js';

/** Every collection whose repository keeps events in its documents' outbox. */
export const OUTBOX_COLLECTIONS = [PRODUCTS_COLLECTION, LISTINGS_COLLECTION, SALES_COLLECTION, SUBSCRIBERS_COLLECTION, WEBHOOK_ENDPOINTS_COLLECTION] as const;

const RELAY_POLL_MS = 1000;

export interface WebhooksSetup {
  readonly allowPrivate: boolean;
  readonly secrets: SecretBox;
  readonly queue: JobQueue;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly log: (message: string, detail?: Record<string, unknown>) => void;
}

export interface Webhooks {
  readonly deps: WebhookAppDeps;
  /** For the job runner. */
  readonly handler: JobHandler;
  /** Starts the relay; `onQueued` wakes the job runner when deliveries were queued. */
  start(onQueued: () => void): void;
  /** Hands waiting events on now (after a write that raised some). */
  wake(): void;
  stop(): Promise<void>;
}

export function startWebhooks(db: DatabaseHandle['db'], setup: WebhooksSetup): Webhooks {
  const guard = outboundGuard({ allowPrivate: setup.allowPrivate });
  const sender = httpWebhookSender({ guard });
  const endpoints = new MongoWebhookEndpointRepository(db);
  const deliveries = new MongoWebhookDeliveryRepository(db);
  const outbox = new MongoEventOutbox(db, OUTBOX_COLLECTIONS);
  let loop: RelayLoop | undefined;
  const wake = () => loop?.wake();
  const handler = webhookDeliveryHandler({ endpoints, deliveries, queue: setup.queue, secrets: setup.secrets, sender, clock: setup.clock, ids: setup.ids, onEvents: wake });
  return {
    deps: { endpoints, deliveries, urlPolicy: endpointUrlPolicy(guard), onEvents: wake },
    handler,
    start(onQueued) {
      const relay = relayEvents({ outbox, endpoints, deliveries, queue: setup.queue, clock: setup.clock, ids: setup.ids, onQueued });
      loop = startRelayLoop({ relay, pollMs: RELAY_POLL_MS, log: setup.log });
    },
    wake,
    async stop() {
      await loop?.stop();
      sender.close();
    },
  };
}
