/**
 * The `webhook.deliver` job: one per endpoint with pending deliveries, keyed by the endpoint, so that one runner at a
 * time sends its deliveries (the lease) and the queue holds a job per busy endpoint, not per delivery. Each run sends
 * the endpoint's due deliveries in a batch (`endpoint-deliveries.ts`) and asks to run again when the next one is due;
 * the relay and a retry asked for queue it at once. Each delivery keeps its own retries (`delivery-retry.ts`), the same
 * `webhook-id` every time; failures count against the endpoint (`endpoint-health.ts`): 3 days of them disable it.
 */
import { okAsync, type ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { JobHandler, RunAgain } from '../jobs/job-handler.js';
import type { JobQueue, JobRequest } from '../jobs/job-queue.js';
import type { RetryPolicy } from '../jobs/retry-policy.js';
import { endpointDeliveries, type EndpointDeliveriesDeps } from './endpoint-deliveries.js';

export { deliveryRetryDelayMs, WEBHOOK_RETRY_POLICY } from './delivery-retry.js';
export { ENDPOINT_BATCH, ENDPOINT_CONCURRENCY } from './endpoint-deliveries.js';

export const WEBHOOK_DELIVER = 'webhook.deliver';

export const endpointJobKey = (endpointId: string): string => `${WEBHOOK_DELIVER}:endpoint:${endpointId}`;

/** The job of an endpoint's deliveries, due at `runAt` (queueing it again moves it up, never adds a second). */
export const endpointJob = (endpointId: string, runAt: Date): JobRequest => ({
  kind: WEBHOOK_DELIVER,
  key: endpointJobKey(endpointId),
  group: `webhook:${endpointId}`,
  payload: { endpointId },
  runAt,
});

/**
 * The runner's own retries of an endpoint's job, when the store could not be reached: never given up (the job carries
 * every pending delivery of the endpoint; each delivery gives itself up after 3 days).
 */
export const ENDPOINT_JOB_POLICY: RetryPolicy = { maxAttempts: Number.POSITIVE_INFINITY, maxAgeMs: Number.POSITIVE_INFINITY, baseMs: 1000, capMs: 60_000 };

export interface WebhookDeliveryJobDeps extends EndpointDeliveriesDeps {
  /** Where a job of one delivery (queued before deliveries went by endpoint) hands it to its endpoint's job. */
  readonly queue: JobQueue;
}

export function webhookDeliveryHandler(deps: WebhookDeliveryJobDeps): JobHandler {
  const sendDue = endpointDeliveries(deps);
  const handOver = (deliveryId: string): ResultAsync<void, StoreUnavailable> =>
    deps.deliveries
      .find(deliveryId)
      .andThen((delivery) => (delivery === null || delivery.status !== 'pending' ? okAsync(undefined) : deps.queue.enqueue(endpointJob(delivery.endpoint_id, deps.clock.now()))));
  return {
    kind: WEBHOOK_DELIVER,
    policy: ENDPOINT_JOB_POLICY,
    run(job) {
      const endpointId = job.payload['endpointId'];
      if (endpointId === undefined) return handOver(job.payload['deliveryId'] ?? '');
      return sendDue(endpointId).map((at): RunAgain | undefined => (at === null ? undefined : { type: 'RunAgain', at }));
    },
    // Never called: the policy gives nothing up, and the job reports no GiveUp.
    gaveUp() {
      return okAsync(undefined);
    },
  };
}
