import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EventOutbox } from '../events/event-outbox.js';
import type { WebhookDelivery } from '../webhooks/webhook-delivery.js';
import type { WebhookDeliveryRepository } from '../webhooks/webhook-delivery-repository.js';
import type { WebhookEndpoint } from '../webhooks/webhook-endpoint.js';
import type { WebhookEndpointRepository } from '../webhooks/webhook-endpoint-repository.js';
import { eventFixture } from './event-outbox-contract.js';

let counter = 0;
const next = (): number => (counter += 1);

export function webhookEndpointFixture(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  const n = next();
  const created = new Date(Date.UTC(2026, 4, 1) + n * 1000 + 3);
  return {
    id: `endpoint-${String(n).padStart(6, '0')}`,
    user_id: 'user-1',
    url: `https://hooks.example.com/larder/${n}`,
    events: ['product.published', 'sale.created'],
    description: null,
    enabled: true,
    disabled_reason: null,
    failing_since: null,
    secrets: [{ sealed: `v1.sealed-${n}`, created_at: created, expires_at: null }],
    created_at: created,
    updated_at: created,
    version: 1,
    ...overrides,
  };
}

export function webhookDeliveryFixture(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  const n = next();
  const created = new Date(Date.UTC(2026, 4, 2) + n * 1000 + 5);
  return {
    id: `delivery-${String(n).padStart(6, '0')}`,
    endpoint_id: 'endpoint-1',
    user_id: 'user-1',
    event_id: `msg_${n}`,
    event_type: 'product.published',
    payload: `{"type":"product.published","timestamp":"2026-05-02T00:00:00.000Z","data":{"id":"p${n}","title":"Ünïcode ✓"}}`,
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_duration_ms: null,
    last_error: null,
    last_attempt_at: null,
    next_attempt_at: created,
    run_attempts: 0,
    first_attempt_at: null,
    created_at: created,
    attempt_log: [],
    version: 1,
    ...overrides,
  };
}

const page = (number: number, perPage: number) => ({ page: number, perPage });

/** The endpoint repository, and the outbox its writes put events in (the same store). */
export function runWebhookEndpointRepositoryContract(
  name: string,
  makeStores: () => Promise<{ endpoints: WebhookEndpointRepository; outbox: EventOutbox }> | { endpoints: WebhookEndpointRepository; outbox: EventOutbox },
): void {
  describe(`WebhookEndpointRepository contract: ${name}`, () => {
    it('stores an endpoint with every field intact, and finds it by id', async () => {
      const { endpoints } = await makeStores();
      const endpoint = webhookEndpointFixture({
        description: 'Zapier',
        failing_since: new Date('2026-05-05T05:05:05.005Z'),
        secrets: [
          { sealed: 'v1.a.b.c', created_at: new Date('2026-05-05T00:00:00.001Z'), expires_at: null },
          { sealed: 'v1.d.e.f', created_at: new Date('2026-05-01T00:00:00.002Z'), expires_at: new Date('2026-05-06T00:00:00.003Z') },
        ],
      });
      await endpoints.insert(endpoint);
      assert.deepEqual((await endpoints.find(endpoint.id))._unsafeUnwrap(), endpoint);
      assert.equal((await endpoints.find('none'))._unsafeUnwrap(), null);
    });

    it("lists a user's endpoints newest first (ties by id), a page at a time, and only theirs", async () => {
      const { endpoints } = await makeStores();
      const tie = new Date('2026-06-01T00:00:00.000Z');
      const user = `user-${next()}`;
      const mine = [
        webhookEndpointFixture({ user_id: user, created_at: tie, id: 'e-b' }),
        webhookEndpointFixture({ user_id: user, created_at: tie, id: 'e-a' }),
        webhookEndpointFixture({ user_id: user, created_at: new Date('2026-07-01T00:00:00.000Z'), enabled: false }),
        webhookEndpointFixture({ user_id: user, created_at: new Date('2026-05-01T00:00:00.000Z') }),
      ];
      const theirs = webhookEndpointFixture({ user_id: 'someone-else' });
      for (const endpoint of [...mine, theirs]) await endpoints.insert(endpoint);
      const expected = [mine[2], mine[0], mine[1], mine[3]].map((endpoint) => endpoint?.id);
      const first = (await endpoints.listOfUser(user, page(1, 3)))._unsafeUnwrap();
      const second = (await endpoints.listOfUser(user, page(2, 3)))._unsafeUnwrap();
      assert.deepEqual([...first.items, ...second.items].map((endpoint) => endpoint.id), expected);
      assert.equal(first.total, 4);
      assert.equal((await endpoints.countOfUser(user))._unsafeUnwrap(), 4);
      assert.deepEqual((await endpoints.enabledOfUser(user))._unsafeUnwrap().map((endpoint) => endpoint.id).sort(), [mine[0], mine[1], mine[3]].map((endpoint) => endpoint?.id).sort());
      assert.deepEqual((await endpoints.listOfUser('nobody', page(1, 20)))._unsafeUnwrap().items, []);
    });

    it('writes and removes only over the expected version; a write keeps its events in the outbox', async () => {
      const { endpoints, outbox } = await makeStores();
      const endpoint = webhookEndpointFixture();
      await endpoints.insert(endpoint);
      const disabled = { ...endpoint, enabled: false, disabled_reason: 'failing', version: 2 };
      const event = eventFixture({ type: 'webhook.disabled', user_id: endpoint.user_id, data: { endpoint_id: endpoint.id } });
      const results = await Promise.all(Array.from({ length: 5 }, () => endpoints.save(disabled, 1, [event])));
      assert.equal(results.filter((result) => result._unsafeUnwrap() === 'written').length, 1);
      assert.deepEqual((await endpoints.find(endpoint.id))._unsafeUnwrap(), disabled);
      const waiting = (await outbox.pending(10))._unsafeUnwrap();
      assert.deepEqual(waiting.map((pending) => pending.event), [event]);
      assert.equal((await endpoints.remove(endpoint.id, 1))._unsafeUnwrap(), 'stale');
      assert.equal((await endpoints.remove(endpoint.id, 2))._unsafeUnwrap(), 'written');
      assert.equal((await endpoints.find(endpoint.id))._unsafeUnwrap(), null);
    });
  });
}

export function runWebhookDeliveryRepositoryContract(name: string, makeRepository: () => Promise<WebhookDeliveryRepository> | WebhookDeliveryRepository): void {
  describe(`WebhookDeliveryRepository contract: ${name}`, () => {
    it('stores a delivery with every field intact; one per event and endpoint', async () => {
      const deliveries = await makeRepository();
      const delivery = webhookDeliveryFixture({
        attempt_log: [
          { at: new Date('2026-05-03T00:00:00.001Z'), status_code: 503, duration_ms: 12, error: 'the receiver answered 503' },
          { at: new Date('2026-05-02T00:00:00.001Z'), status_code: null, duration_ms: 15000, error: 'no answer within 15 s' },
        ],
        attempts: 2,
        last_status_code: 503,
        last_duration_ms: 12,
        last_error: 'the receiver answered 503',
        last_attempt_at: new Date('2026-05-03T00:00:00.001Z'),
        run_attempts: 2,
        first_attempt_at: new Date('2026-05-02T00:00:00.001Z'),
      });
      assert.equal((await deliveries.insert(delivery))._unsafeUnwrap(), 'created');
      assert.deepEqual((await deliveries.find(delivery.id))._unsafeUnwrap(), delivery);
      const again = await Promise.all(Array.from({ length: 4 }, (_, index) => deliveries.insert({ ...delivery, id: `${delivery.id}-again-${index}` })));
      assert.deepEqual(again.map((result) => result._unsafeUnwrap()), ['exists', 'exists', 'exists', 'exists']);
      assert.deepEqual((await deliveries.findByEvent(delivery.event_id, delivery.endpoint_id))._unsafeUnwrap(), delivery);
      assert.equal((await deliveries.findByEvent(delivery.event_id, 'other'))._unsafeUnwrap(), null);
      assert.equal((await deliveries.insert({ ...delivery, id: `${delivery.id}-other`, endpoint_id: 'endpoint-2' }))._unsafeUnwrap(), 'created');
    });

    it('writes a batch of deliveries, leaving out those whose event and endpoint have one already', async () => {
      const deliveries = await makeRepository();
      const endpoint = `endpoint-${next()}`;
      const existing = webhookDeliveryFixture({ endpoint_id: endpoint });
      await deliveries.insert(existing);
      const fresh = [webhookDeliveryFixture({ endpoint_id: endpoint }), webhookDeliveryFixture({ endpoint_id: endpoint })];
      (await deliveries.insertAll([...fresh, { ...existing, id: 'd-again' }]))._unsafeUnwrap();
      (await deliveries.insertAll([]))._unsafeUnwrap();
      const stored = (await deliveries.listOfEndpoint(endpoint, page(1, 10)))._unsafeUnwrap();
      assert.deepEqual(stored.items.map((delivery) => delivery.id).sort(), [existing.id, ...fresh.map((delivery) => delivery.id)].sort());
      assert.deepEqual((await deliveries.find(fresh[0]?.id ?? ''))._unsafeUnwrap(), fresh[0]);
      // Run again (a relay that died before acknowledging): nothing more.
      (await deliveries.insertAll(fresh.map((delivery, index) => ({ ...delivery, id: `${delivery.id}-again-${index}` }))))._unsafeUnwrap();
      assert.equal((await deliveries.listOfEndpoint(endpoint, page(1, 10)))._unsafeUnwrap().total, 3);
    });

    it("gives an endpoint's due deliveries earliest first, and when the next one is due", async () => {
      const deliveries = await makeRepository();
      const endpoint = `endpoint-${next()}`;
      const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 0, minutes));
      const stored = [
        webhookDeliveryFixture({ endpoint_id: endpoint, id: 'due-2', next_attempt_at: at(2) }),
        webhookDeliveryFixture({ endpoint_id: endpoint, id: 'due-1', next_attempt_at: at(1) }),
        webhookDeliveryFixture({ endpoint_id: endpoint, id: 'due-3', next_attempt_at: at(3) }),
        webhookDeliveryFixture({ endpoint_id: endpoint, id: 'later-9', next_attempt_at: at(9) }),
        webhookDeliveryFixture({ endpoint_id: endpoint, id: 'later-7', next_attempt_at: at(7) }),
        webhookDeliveryFixture({ endpoint_id: endpoint, id: 'done', status: 'succeeded', next_attempt_at: null }),
        webhookDeliveryFixture({ endpoint_id: endpoint, id: 'failed', status: 'failed', next_attempt_at: null }),
        webhookDeliveryFixture({ endpoint_id: 'elsewhere', id: 'other', next_attempt_at: at(0) }),
      ];
      (await deliveries.insertAll(stored))._unsafeUnwrap();
      const ids = async (now: Date, limit: number) => (await deliveries.dueOfEndpoint(endpoint, now, limit))._unsafeUnwrap().map((delivery) => delivery.id);
      assert.deepEqual(await ids(at(5), 10), ['due-1', 'due-2', 'due-3']);
      assert.deepEqual(await ids(at(5), 2), ['due-1', 'due-2']);
      assert.deepEqual(await ids(at(2), 10), ['due-1', 'due-2'], 'due at that very time counts');
      assert.deepEqual(await ids(at(0), 10), []);
      assert.deepEqual(await ids(at(5), 0), []);
      assert.deepEqual((await deliveries.nextDueOfEndpoint(endpoint, at(5)))._unsafeUnwrap(), at(7));
      assert.deepEqual((await deliveries.nextDueOfEndpoint(endpoint, at(7)))._unsafeUnwrap(), at(9));
      assert.equal((await deliveries.nextDueOfEndpoint(endpoint, at(9)))._unsafeUnwrap(), null);
      assert.equal((await deliveries.nextDueOfEndpoint('nobody', at(0)))._unsafeUnwrap(), null);
    });

    it("lists an endpoint's deliveries newest first (ties by id), and its pending ones", async () => {
      const deliveries = await makeRepository();
      const endpoint = `endpoint-${next()}`;
      const tie = new Date('2026-06-01T00:00:00.000Z');
      const stored = [
        webhookDeliveryFixture({ endpoint_id: endpoint, created_at: tie, id: 'd-a' }),
        webhookDeliveryFixture({ endpoint_id: endpoint, created_at: tie, id: 'd-b', status: 'succeeded' }),
        webhookDeliveryFixture({ endpoint_id: endpoint, created_at: new Date('2026-06-02T00:00:00.000Z'), status: 'failed' }),
        webhookDeliveryFixture({ endpoint_id: 'elsewhere' }),
      ];
      for (const delivery of stored) await deliveries.insert(delivery);
      const first = (await deliveries.listOfEndpoint(endpoint, page(1, 2)))._unsafeUnwrap();
      const second = (await deliveries.listOfEndpoint(endpoint, page(2, 2)))._unsafeUnwrap();
      assert.deepEqual([...first.items, ...second.items].map((delivery) => delivery.id), [stored[2]?.id, 'd-b', 'd-a']);
      assert.equal(first.total, 3);
      assert.deepEqual((await deliveries.pendingOfEndpoint(endpoint, 10))._unsafeUnwrap().map((delivery) => delivery.id), ['d-a']);
      assert.deepEqual((await deliveries.pendingOfEndpoint(endpoint, 0))._unsafeUnwrap(), []);
    });

    it('writes a batch of changes each over its version, never over a newer one', async () => {
      const deliveries = await makeRepository();
      const endpoint = `endpoint-${next()}`;
      const fresh = Array.from({ length: 4 }, () => webhookDeliveryFixture({ endpoint_id: endpoint }));
      (await deliveries.insertAll(fresh))._unsafeUnwrap();
      const at = new Date('2026-06-01T00:00:01.000Z');
      const attempt = { at, status_code: 204, duration_ms: 2, error: null };
      // The same change to three (as a fast receiver's answers in one batch), another to the fourth.
      const succeeded = (delivery: WebhookDelivery, duration = 2) => ({
        ...delivery,
        status: 'succeeded' as const,
        attempts: 1,
        run_attempts: 1,
        first_attempt_at: at,
        last_status_code: 204,
        last_duration_ms: duration,
        last_error: null,
        last_attempt_at: at,
        next_attempt_at: null,
        attempt_log: [{ ...attempt, duration_ms: duration }],
        version: 2,
      });
      const changes = fresh.map((before, index) => ({ before, after: succeeded(before, index === 3 ? 9 : 2) }));
      assert.deepEqual((await deliveries.saveAll(changes))._unsafeUnwrap(), ['written', 'written', 'written', 'written']);
      for (const { after } of changes) assert.deepEqual((await deliveries.find(after.id))._unsafeUnwrap(), after);
      assert.deepEqual((await deliveries.saveAll([]))._unsafeUnwrap(), []);

      // One of a batch changed meanwhile by someone else: left as they wrote it, reported stale.
      const more = Array.from({ length: 3 }, () => webhookDeliveryFixture({ endpoint_id: endpoint }));
      (await deliveries.insertAll(more))._unsafeUnwrap();
      const [first, second, third] = more;
      assert.ok(first !== undefined && second !== undefined && third !== undefined);
      const theirs = { ...second, next_attempt_at: at, version: 2 };
      assert.equal((await deliveries.save(theirs, 1))._unsafeUnwrap(), 'written');
      const batch = more.map((before) => ({ before, after: succeeded(before) }));
      const outcomes = (await deliveries.saveAll(batch))._unsafeUnwrap();
      assert.equal(outcomes[1], 'stale');
      assert.deepEqual((await deliveries.find(second.id))._unsafeUnwrap(), theirs);
      // The others are written, or (when the store wrote them together with the stale one) reported stale: read again.
      for (const index of [0, 2]) {
        const stored = (await deliveries.find(batch[index]?.after.id ?? ''))._unsafeUnwrap();
        if (outcomes[index] === 'written') assert.deepEqual(stored, batch[index]?.after);
        else assert.ok([JSON.stringify(batch[index]?.after), JSON.stringify(batch[index]?.before)].includes(JSON.stringify(stored)));
      }
    });

    it('writes only over the expected version, and removes every delivery of an endpoint', async () => {
      const deliveries = await makeRepository();
      const delivery = webhookDeliveryFixture({ endpoint_id: `endpoint-${next()}` });
      const other = webhookDeliveryFixture();
      await deliveries.insert(delivery);
      await deliveries.insert(other);
      const done = { ...delivery, status: 'succeeded' as const, attempts: 1, last_status_code: 204, version: 2 };
      const results = await Promise.all(Array.from({ length: 5 }, () => deliveries.save(done, 1)));
      assert.equal(results.filter((result) => result._unsafeUnwrap() === 'written').length, 1);
      assert.deepEqual((await deliveries.find(delivery.id))._unsafeUnwrap(), done);
      (await deliveries.removeOfEndpoint(delivery.endpoint_id))._unsafeUnwrap();
      assert.equal((await deliveries.find(delivery.id))._unsafeUnwrap(), null);
      assert.notEqual((await deliveries.find(other.id))._unsafeUnwrap(), null);
    });
  });
}
