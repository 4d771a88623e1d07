/** The webhook stores in memory, a recording sender, the relay and the delivery job: what the webhook tests drive. */
import { okAsync } from 'neverthrow';
import { aesGcmSecretBox } from '../../src/sales/secret-box.js';
import { startJobRunner, type JobRunner } from '../../src/jobs/job-runner.js';
import { InMemoryJobQueue, InMemoryOutbox, InMemoryWebhookDeliveryRepository, InMemoryWebhookEndpointRepository, ManualClock, sequentialIds } from '../../src/testing/index.js';
import { createWebhookEndpoint } from '../../src/webhooks/webhook-endpoint-use-cases.js';
import { relayEvents } from '../../src/webhooks/webhook-relay.js';
import { webhookDeliveryHandler } from '../../src/webhooks/webhook-delivery-job.js';
import type { WebhookRequest, WebhookResponse } from '../../src/webhooks/webhook-sender.js';
import type { EventType } from '../../src/events/domain-event.js';

export const POLICY = { maxAttempts: 500, maxAgeMs: 3 * 24 * 60 * 60 * 1000, baseMs: 1000, capMs: 60 * 60 * 1000 };

export function webhookWorld() {
  const outbox = new InMemoryOutbox();
  const endpoints = new InMemoryWebhookEndpointRepository(outbox);
  const deliveries = new InMemoryWebhookDeliveryRepository();
  const queue = new InMemoryJobQueue();
  const clock = new ManualClock(new Date('2026-06-01T00:00:00.000Z'), 1);
  const ids = sequentialIds('x');
  const secrets = aesGcmSecretBox(new Uint8Array(32).fill(3));
  const sent: WebhookRequest[] = [];
  const answers = { next: (_request: WebhookRequest): WebhookResponse => ({ kind: 'answered', status: 204, durationMs: 3 }) };
  const sender = {
    send: async (request: WebhookRequest) => {
      sent.push(request);
      return answers.next(request);
    },
  };
  const handler = webhookDeliveryHandler({ endpoints, deliveries, queue, secrets, sender, clock, ids, policy: POLICY, random: () => 0 });
  const relay = relayEvents({ outbox, endpoints, deliveries, queue, clock, ids });
  const deps = { endpoints, deliveries, secrets, urlPolicy: { refusal: async () => null }, clock, ids };
  const addEndpoint = async (userId: string, events: EventType[], url = 'https://hooks.example.com/a') =>
    (await createWebhookEndpoint(deps)(userId, { url, events }))._unsafeUnwrap();
  let runner: JobRunner | undefined;
  /** Runs every due job until none is due (the clock moves only when told). */
  const runDue = async () => {
    runner ??= startJobRunner({ queue, handlers: [handler], clock, owner: 'test', pollMs: 5, concurrency: 1 });
    await runner.idle();
  };
  return { outbox, endpoints, deliveries, queue, clock, ids, secrets, sent, answers, handler, relay, deps, addEndpoint, runDue, stop: () => runner?.stop() ?? Promise.resolve(), okAsync };
}
