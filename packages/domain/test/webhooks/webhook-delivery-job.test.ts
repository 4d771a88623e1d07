import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventFixture } from '../../src/testing/index.js';
import { retryWebhookDelivery } from '../../src/webhooks/webhook-delivery-use-cases.js';
import { deliveryRetryDelayMs, WEBHOOK_RETRY_POLICY } from '../../src/webhooks/webhook-delivery-job.js';
import { ENDPOINT_FAILURE_WINDOW_MS } from '../../src/webhooks/endpoint-health.js';
import { POLICY, webhookWorld } from './webhook-world.js';

const HOUR = 60 * 60 * 1000;

describe('the webhook.deliver job', () => {
  it('signs each attempt at its own time with the same webhook-id; 2xx succeeds, anything else is retried with backoff', async () => {
    const w = webhookWorld();
    const { endpoint } = await w.addEndpoint('u1', ['sale.created']);
    const event = eventFixture({ user_id: 'u1', type: 'sale.created' });
    w.outbox.add('sales:s1', [event]);
    const statuses = [503, 500];
    w.answers.next = () => {
      const status = statuses.shift();
      return status === undefined ? { kind: 'answered', status: 200, durationMs: 4 } : { kind: 'answered', status, durationMs: 9 };
    };
    await w.relay(100);
    await w.runDue();
    const [delivery] = w.deliveries.all();
    assert.equal(delivery?.status, 'pending');
    assert.equal(delivery?.last_status_code, 503);
    assert.equal(delivery?.last_error, 'the receiver answered 503');
    // The pause before the second attempt: the policy's first backoff (jitter drawn as 0 here).
    assert.equal((delivery?.next_attempt_at?.getTime() ?? 0) - (delivery?.last_attempt_at?.getTime() ?? 0), POLICY.baseMs);
    assert.equal(w.sent.length, 1, 'not due yet');
    w.clock.advance(POLICY.baseMs);
    await w.runDue();
    w.clock.advance(2 * POLICY.baseMs);
    await w.runDue();
    const done = (await w.deliveries.find(delivery?.id ?? ''))._unsafeUnwrap();
    assert.equal(done?.status, 'succeeded');
    assert.equal(done?.attempts, 3);
    assert.deepEqual(done?.attempt_log.map((attempt) => attempt.status_code), [200, 500, 503]);
    assert.equal(done?.next_attempt_at, null);
    assert.equal(w.sent.length, 3);
    assert.deepEqual(new Set(w.sent.map((request) => request.headers['webhook-id'])), new Set([event.id]));
    assert.equal(new Set(w.sent.map((request) => request.headers['webhook-timestamp'])).size, 3, 'each attempt is signed at its own time');
    assert.ok(w.sent.every((request) => request.url === endpoint.url && request.body === done?.payload && request.timeoutMs === 15_000));
    await w.stop();
  });

  it('retries on no answer at all, and records why', async () => {
    const w = webhookWorld();
    await w.addEndpoint('u1', ['sale.created']);
    w.outbox.add('sales:s1', [eventFixture({ user_id: 'u1', type: 'sale.created' })]);
    w.answers.next = () => ({ kind: 'failed', error: 'no answer within 15 s', durationMs: 15_000 });
    await w.relay(100);
    await w.runDue();
    const [delivery] = w.deliveries.all();
    assert.deepEqual([delivery?.status, delivery?.last_status_code, delivery?.last_error], ['pending', null, 'no answer within 15 s']);
    await w.stop();
  });

  it('disables an endpoint whose deliveries fail for 3 days: its pending deliveries given up, webhook.disabled to the other endpoint', async () => {
    const w = webhookWorld();
    const { endpoint: failing } = await w.addEndpoint('u1', ['sale.created'], 'https://down.example.com/');
    const { endpoint: healthy } = await w.addEndpoint('u1', ['product.published'], 'https://up.example.com/');
    w.answers.next = (request) => (request.url.includes('down') ? { kind: 'answered', status: 503, durationMs: 1 } : { kind: 'answered', status: 200, durationMs: 1 });
    for (let index = 0; index < 2; index += 1) w.outbox.add(`sales:s${index}`, [eventFixture({ user_id: 'u1', type: 'sale.created' })]);
    await w.relay(100);
    await w.runDue();
    const since = (await w.endpoints.find(failing.id))._unsafeUnwrap()?.failing_since;
    assert.ok(since instanceof Date, 'the first failure sets failing_since');
    // Just short of 3 days: still enabled, however many failures.
    for (let hour = 0; hour < 71; hour += 1) {
      w.clock.advance(HOUR);
      await w.runDue();
    }
    assert.equal((await w.endpoints.find(failing.id))._unsafeUnwrap()?.enabled, true);
    assert.deepEqual((await w.endpoints.find(failing.id))._unsafeUnwrap()?.failing_since, since, 'later failures keep the first time');
    w.clock.advance(2 * HOUR);
    await w.runDue();
    const disabled = (await w.endpoints.find(failing.id))._unsafeUnwrap();
    assert.equal(disabled?.enabled, false);
    assert.match(disabled?.disabled_reason ?? '', /3 days/);
    assert.ok(w.deliveries.all().filter((delivery) => delivery.endpoint_id === failing.id).every((delivery) => delivery.status === 'failed'));
    assert.equal((await w.queue.size())._unsafeUnwrap(), 0, 'no job of it is left');
    // The relay hands webhook.disabled to the healthy endpoint, which did not subscribe to it.
    await w.relay(100);
    await w.runDue();
    type Body = { type: string; data: { endpoint_id?: string } };
    const bodyOf = (text: string | undefined): Body => JSON.parse(text ?? '{}') as Body;
    const notice = bodyOf(w.sent.find((request) => request.url === healthy.url)?.body);
    assert.equal(notice.type, 'webhook.disabled');
    assert.equal(notice.data.endpoint_id, failing.id);
    assert.equal(w.sent.filter((request) => request.url === failing.url && bodyOf(request.body).type === 'webhook.disabled').length, 0);
    // A retry of one of its deliveries waits for it to be enabled again.
    const [given] = w.deliveries.all().filter((delivery) => delivery.endpoint_id === failing.id);
    const retry = await retryWebhookDelivery({ ...w.deps, queue: w.queue })('u1', failing.id, given?.id ?? '');
    assert.equal(retry._unsafeUnwrapErr().type, 'InvalidState');
    await w.stop();
  });

  it('a success clears failing_since, so that failures must last 3 days without one', async () => {
    const w = webhookWorld();
    const { endpoint } = await w.addEndpoint('u1', ['sale.created']);
    let up = false;
    w.answers.next = () => ({ kind: 'answered', status: up ? 200 : 502, durationMs: 1 });
    w.outbox.add('sales:s1', [eventFixture({ user_id: 'u1', type: 'sale.created' })]);
    await w.relay(100);
    await w.runDue();
    assert.notEqual((await w.endpoints.find(endpoint.id))._unsafeUnwrap()?.failing_since, null);
    up = true;
    w.clock.advance(HOUR);
    await w.runDue();
    assert.equal((await w.endpoints.find(endpoint.id))._unsafeUnwrap()?.failing_since, null);
    up = false;
    w.clock.advance(ENDPOINT_FAILURE_WINDOW_MS);
    w.outbox.add('sales:s2', [eventFixture({ user_id: 'u1', type: 'sale.created' })]);
    await w.relay(100);
    await w.runDue();
    assert.equal((await w.endpoints.find(endpoint.id))._unsafeUnwrap()?.enabled, true);
    await w.stop();
  });

  it('gives a delivery up 3 days after its first attempt; a retry sends it again, same id, same body', async () => {
    const w = webhookWorld();
    const { endpoint } = await w.addEndpoint('u1', ['sale.created']);
    const { endpoint: other } = await w.addEndpoint('u2', ['sale.created']);
    let status = 500;
    w.answers.next = () => ({ kind: 'answered', status, durationMs: 1 });
    w.outbox.add('sales:s1', [eventFixture({ user_id: 'u1', type: 'sale.created' })]);
    await w.relay(100);
    await w.runDue();
    // Keep the endpoint from being disabled (that rule is tested above), as if its other deliveries succeeded now and then.
    for (let hour = 0; hour < 74; hour += 1) {
      w.clock.advance(HOUR);
      const current = (await w.endpoints.find(endpoint.id))._unsafeUnwrap();
      if (current !== null) await w.endpoints.save({ ...current, failing_since: null, version: current.version + 1 }, current.version);
      await w.runDue();
    }
    const [delivery] = w.deliveries.all();
    assert.equal(delivery?.status, 'failed');
    assert.equal(delivery?.next_attempt_at, null);
    const before = w.sent.length;
    status = 200;
    const denied = await retryWebhookDelivery({ ...w.deps, queue: w.queue })('u2', other.id, delivery?.id ?? '');
    assert.equal(denied._unsafeUnwrapErr().type, 'DeliveryNotFound', "another user's endpoint does not reach it");
    const retried = (await retryWebhookDelivery({ ...w.deps, queue: w.queue })('u1', endpoint.id, delivery?.id ?? ''))._unsafeUnwrap();
    assert.equal(retried.status, 'pending');
    await w.runDue();
    assert.equal(w.sent.length, before + 1);
    assert.equal(w.sent.at(-1)?.headers['webhook-id'], delivery?.event_id);
    assert.equal(w.sent.at(-1)?.body, delivery?.payload);
    assert.equal((await w.deliveries.find(delivery?.id ?? ''))._unsafeUnwrap()?.status, 'succeeded');
    await w.stop();
  });

  it('backs off from 5 s, doubling to one an hour, and gives up after 3 days: about 80 attempts', () => {
    assert.equal(deliveryRetryDelayMs(1, WEBHOOK_RETRY_POLICY, () => 0), 5000);
    assert.equal(deliveryRetryDelayMs(2, WEBHOOK_RETRY_POLICY, () => 0), 10_000);
    assert.equal(deliveryRetryDelayMs(30, WEBHOOK_RETRY_POLICY, () => 0), HOUR);
    assert.equal(deliveryRetryDelayMs(30, WEBHOOK_RETRY_POLICY, () => 1), 1.25 * HOUR);
    let elapsed = 0;
    let attempts = 1;
    while (elapsed < WEBHOOK_RETRY_POLICY.maxAgeMs) elapsed += deliveryRetryDelayMs(attempts++, WEBHOOK_RETRY_POLICY, () => 0.5);
    assert.ok(attempts > 60 && attempts < 100, `${attempts} attempts`);
  });
});
