import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventFixture } from '../../src/testing/index.js';
import { retryWebhookDelivery } from '../../src/webhooks/webhook-delivery-use-cases.js';
import { ENDPOINT_BATCH, WEBHOOK_DELIVER } from '../../src/webhooks/webhook-delivery-job.js';
import { POLICY, webhookWorld } from './webhook-world.js';

describe("an endpoint's deliveries, sent by its one job", () => {
  it('keeps one job per endpoint however many deliveries wait, until none is pending', async () => {
    const w = webhookWorld();
    const { endpoint } = await w.addEndpoint('u1', ['sale.created']);
    const { endpoint: other } = await w.addEndpoint('u1', ['sale.created'], 'https://hooks.example.com/b');
    for (let index = 0; index < 5; index += 1) w.outbox.add(`sales:s${index}`, [eventFixture({ user_id: 'u1', type: 'sale.created' })]);
    // The first delivery to the first endpoint fails once.
    let failed = false;
    w.answers.next = (request) => {
      if (failed || request.url !== endpoint.url) return { kind: 'answered', status: 204, durationMs: 2 };
      failed = true;
      return { kind: 'answered', status: 503, durationMs: 2 };
    };
    await w.relay(100);
    assert.equal(w.deliveries.all().length, 10);
    assert.equal((await w.queue.size())._unsafeUnwrap(), 2, 'one job per endpoint, not one per delivery');
    await w.runDue();
    assert.equal(w.sent.length, 10);
    assert.equal((await w.queue.size())._unsafeUnwrap(), 1, "the failing endpoint's job waits for the retry; the other is gone");
    const retrying = w.deliveries.all().find((delivery) => delivery.status === 'pending');
    assert.equal(retrying?.endpoint_id, endpoint.id);
    assert.equal(w.deliveries.all().filter((delivery) => delivery.endpoint_id === other.id && delivery.status === 'succeeded').length, 5);
    w.clock.advance(POLICY.baseMs);
    await w.runDue();
    assert.equal(w.sent.length, 11);
    assert.ok(w.deliveries.all().every((delivery) => delivery.status === 'succeeded'));
    assert.equal((await w.queue.size())._unsafeUnwrap(), 0);
    await w.stop();
  });

  it('sends more than a batch in runs one after another', async () => {
    const w = webhookWorld();
    await w.addEndpoint('u1', ['sale.created']);
    const count = ENDPOINT_BATCH * 2 + 3;
    for (let index = 0; index < count; index += 1) w.outbox.add(`sales:s${index}`, [eventFixture({ user_id: 'u1', type: 'sale.created' })]);
    await w.relay(1000);
    await w.runDue();
    assert.equal(w.sent.length, count);
    assert.equal(new Set(w.sent.map((request) => request.headers['webhook-id'])).size, count, 'each event once');
    assert.ok(w.deliveries.all().every((delivery) => delivery.status === 'succeeded' && delivery.attempts === 1));
    await w.stop();
  });

  it('leaves a healthy endpoint unwritten by its successes', async () => {
    const w = webhookWorld();
    const { endpoint } = await w.addEndpoint('u1', ['sale.created']);
    for (let index = 0; index < 3; index += 1) w.outbox.add(`sales:s${index}`, [eventFixture({ user_id: 'u1', type: 'sale.created' })]);
    await w.relay(100);
    await w.runDue();
    assert.equal(w.sent.length, 3);
    assert.equal((await w.endpoints.find(endpoint.id))._unsafeUnwrap()?.version, endpoint.version);
    await w.stop();
  });

  it('starts a new run of retries when a finished delivery is sent again; a pending one keeps its run', async () => {
    const w = webhookWorld();
    const { endpoint } = await w.addEndpoint('u1', ['sale.created']);
    w.answers.next = () => ({ kind: 'answered', status: 500, durationMs: 1 });
    w.outbox.add('sales:s1', [eventFixture({ user_id: 'u1', type: 'sale.created' })]);
    await w.relay(100);
    await w.runDue();
    const [first] = w.deliveries.all();
    assert.deepEqual([first?.run_attempts, first?.first_attempt_at instanceof Date], [1, true]);
    const pending = (await retryWebhookDelivery({ ...w.deps, queue: w.queue })('u1', endpoint.id, first?.id ?? ''))._unsafeUnwrap();
    assert.equal(pending.run_attempts, 1, 'still in its run');
    await w.runDue();
    const [second] = w.deliveries.all();
    assert.equal(second?.run_attempts, 2);
    // The second failure waits twice the first's pause (the run's backoff, jitter drawn as 0).
    assert.equal((second?.next_attempt_at?.getTime() ?? 0) - (second?.last_attempt_at?.getTime() ?? 0), 2 * POLICY.baseMs);
    const finished = { ...(second ?? pending), status: 'failed' as const, next_attempt_at: null, version: (second?.version ?? 0) + 1 };
    await w.deliveries.save(finished, second?.version ?? 0);
    const again = (await retryWebhookDelivery({ ...w.deps, queue: w.queue })('u1', endpoint.id, finished.id))._unsafeUnwrap();
    assert.deepEqual([again.status, again.run_attempts, again.first_attempt_at, again.attempts], ['pending', 0, null, 2]);
    await w.stop();
  });

  it('hands a job of one delivery (queued before jobs went by endpoint) to its endpoint', async () => {
    const w = webhookWorld();
    const { endpoint } = await w.addEndpoint('u1', ['sale.created']);
    w.outbox.add('sales:s1', [eventFixture({ user_id: 'u1', type: 'sale.created' })]);
    await w.relay(100);
    const [delivery] = w.deliveries.all();
    // As the relay queued it before: keyed by the delivery.
    (await w.queue.enqueue({ kind: WEBHOOK_DELIVER, key: `${WEBHOOK_DELIVER}:${delivery?.id}`, group: `webhook:${endpoint.id}`, payload: { deliveryId: delivery?.id ?? '' }, runAt: w.clock.now() }))._unsafeUnwrap();
    await w.runDue();
    assert.equal(w.sent.length, 1, 'sent once');
    assert.equal((await w.deliveries.find(delivery?.id ?? ''))._unsafeUnwrap()?.status, 'succeeded');
    assert.equal((await w.queue.size())._unsafeUnwrap(), 0);
    await w.stop();
  });
});
