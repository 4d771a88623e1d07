/**
 * The HTTP app on in-memory stores, with the service's webhook machinery beside it as the composition wires it: the
 * relay (woken after writes, and polling), the job runner with the `webhook.deliver` handler, and the real sender and
 * SSRF guard aimed at a loopback receiver. Time is the harness's manual clock: retries and the 3-day rules come due
 * when the test moves it.
 */
import { httpWebhookSender, outboundGuard, type Resolver } from '@larder/adapters-outbound';
import { relayEvents, startJobRunner, startRelayLoop, webhookDeliveryHandler, type JobRunner, type RelayLoop } from '@larder/domain';
import { sequentialIds } from '@larder/domain/testing';
import { harness, type Harness } from '../support/harness.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

/** Retries from 1 s doubling to 1 min (of the manual clock), for up to 3 days. */
export const TEST_POLICY = { maxAttempts: 10_000, maxAgeMs: 3 * 24 * 60 * 60 * 1000, baseMs: 1000, capMs: 60_000 };

export interface WebhookWorld {
  readonly h: Harness;
  readonly receiver: Receiver;
  readonly runner: JobRunner;
  readonly relay: RelayLoop;
  /** Moves the clock by `ms` in steps of `stepMs`, letting due work run after each step. */
  advance(ms: number, stepMs?: number): Promise<void>;
  /** Everything due has run: events relayed, due jobs done. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function webhookWorld(options: { readonly allowPrivate?: boolean; readonly resolve?: Resolver; readonly startRelay?: boolean } = {}): Promise<WebhookWorld> {
  const receiver = await startReceiver();
  const late: { relay?: RelayLoop; runner?: JobRunner } = {};
  const allowPrivate = options.allowPrivate ?? true;
  const h = await harness({ allowPrivate, ...(options.resolve === undefined ? {} : { resolve: options.resolve }), onEvents: () => late.relay?.wake() });
  const stores = h.publishing;
  const guard = outboundGuard({ allowPrivate, ...(options.resolve === undefined ? {} : { resolve: options.resolve }) });
  const sender = httpWebhookSender({ guard });
  const ids = sequentialIds('event');
  const handler = webhookDeliveryHandler({
    endpoints: stores.webhookEndpoints,
    deliveries: stores.webhookDeliveries,
    queue: stores.queue,
    secrets: stores.secrets,
    sender,
    clock: h.clock,
    ids,
    policy: TEST_POLICY,
    onEvents: () => late.relay?.wake(),
    timeoutMs: 2000,
  });
  const runner = startJobRunner({ queue: stores.queue, handlers: [handler], clock: h.clock, owner: 'test', pollMs: 10, concurrency: 4 });
  late.runner = runner;
  const relay = startRelayLoop({
    relay: relayEvents({ outbox: stores.outbox, endpoints: stores.webhookEndpoints, deliveries: stores.webhookDeliveries, queue: stores.queue, clock: h.clock, ids, onQueued: () => runner.wake() }),
    pollMs: 20,
  });
  late.relay = relay;
  const settle = async () => {
    await relay.settled();
    await runner.idle();
    await relay.settled();
    await runner.idle();
  };
  return {
    h,
    receiver,
    runner,
    relay,
    settle,
    async advance(ms, stepMs = 60_000) {
      for (let moved = 0; moved < ms; moved += stepMs) {
        h.clock.advance(Math.min(stepMs, ms - moved));
        await settle();
      }
    },
    async close() {
      await relay.stop();
      await runner.stop();
      sender.close();
      await h.app.close();
      await receiver.close();
    },
  };
}
