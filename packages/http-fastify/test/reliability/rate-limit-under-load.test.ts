/**
 * One user far over the limit, all at once, while another user works at the same moment: the first gets exactly the
 * limit's worth of answers and 429s with `Retry-After` for the rest; the second is not touched. With the counters in
 * memory, and shared through a real Redis (skipped without `redis-server`).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { harness, PASSWORD, type Harness } from '../support/harness.js';
import { assertProblem } from '../support/problems.js';
import { redisServerInstalled, startRedisServer, type RedisServer } from '../support/redis-server.js';

const LIMIT = 25;
const FLOOD = LIMIT * 4;
const NEIGHBOUR_REQUESTS = LIMIT - 5;

function floodSuite(start: () => Promise<Harness>): void {
  let h: Harness;
  let neighbour: string;
  before(async () => {
    h = await start();
    await h.addUser('neighbour@example.com');
    neighbour = (await h.login('neighbour@example.com', PASSWORD)).json<{ token: string }>().token;
  });
  after(() => h.app.close());

  it(`lets ${LIMIT} of ${FLOOD} simultaneous requests through, answers the rest 429, and never slows another user`, async () => {
    const urls = ['/api/recipes', '/api/products', '/api/recipes?q=soup'];
    const flood = Array.from({ length: FLOOD }, (_, index) => h.request({ method: 'GET', url: urls[index % urls.length] ?? '/api/recipes' }));
    const quiet = Array.from({ length: NEIGHBOUR_REQUESTS }, () => h.request({ method: 'GET', url: '/api/recipes', token: neighbour }));
    const [flooded, calm] = await Promise.all([Promise.all(flood), Promise.all(quiet)]);

    const served = flooded.filter((response) => response.statusCode === 200);
    const limited = flooded.filter((response) => response.statusCode === 429);
    assert.equal(served.length, LIMIT, `statuses: ${count(flooded)}`);
    assert.equal(limited.length, FLOOD - LIMIT, `statuses: ${count(flooded)}`);
    for (const response of limited) {
      assertProblem(response, 429, 'rate_limited');
      const retryAfter = Number(response.headers['retry-after']);
      assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${String(response.headers['retry-after'])}`);
    }
    assert.deepEqual(count(calm), `200×${NEIGHBOUR_REQUESTS}`, 'the other user was not limited');
    const remaining = calm.map((response) => Number(response.headers['ratelimit-remaining'])).sort((a, b) => a - b);
    assert.equal(remaining[0], LIMIT - NEIGHBOUR_REQUESTS, 'the other user’s own counter, untouched by the flood');
  });
}

const count = (responses: readonly LightMyRequestResponse[]): string => {
  const tally = new Map<number, number>();
  for (const response of responses) tally.set(response.statusCode, (tally.get(response.statusCode) ?? 0) + 1);
  return [...tally].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
};

describe('a flood from one user, counters in memory', () => {
  floodSuite(() => harness({ config: { rateLimit: { max: LIMIT, windowMs: 60_000 } } }));
});

const skip = redisServerInstalled() ? false : 'redis-server is not installed (apt-get install redis-server); CI installs it';

describe('a flood from one user, counters in Redis', { skip }, () => {
  let redis: RedisServer;
  before(async () => {
    redis = await startRedisServer();
  });
  after(() => redis.dispose());
  // Counting is what is tested here, not failing open: a loaded machine (the whole suite beside it) can take longer
  // than the service's 250 ms for 120 round trips at once, which lets requests through uncounted, as it should.
  // And the client connected before the flood: it queues nothing while offline (`enableOfflineQueue: false`, as the
  // service's), so a flood sent before the connection was up went through uncounted (CI, 2026-11-29: 200×100).
  floodSuite(async () => {
    const client = redis.client();
    if (client.status !== 'ready') await once(client, 'ready');
    return harness({ config: { rateLimit: { max: LIMIT, windowMs: 60_000 }, redis: client, rateLimitStoreTimeoutMs: 10_000 } });
  });
});
