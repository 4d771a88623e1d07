// run-tests: alone — Redis must answer within the rate limiter's deadline, or a request goes unlimited.
/**
 * Several service instances on one Redis share each user's limit: on the machine's Redis when `REDIS_URL` is set,
 * else on a redis-server of its own (skipped when neither is there). Stopping Redis needs one of its own.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { harness, type Harness } from './support/harness.js';
import { assertProblem } from './support/problems.js';
import { givenRedisUrl, redisServerInstalled, sharedRedis, startRedisServer, type RedisServer } from './support/redis-server.js';

const installed = redisServerInstalled();
const skip = installed ? false : 'redis-server is not installed (apt-get install redis-server); CI installs it';
const sharedSkip = installed || givenRedisUrl() !== undefined ? false : skip;

describe(`rate limit shared through Redis [${givenRedisUrl() === undefined ? 'own redis-server' : 'REDIS_URL'}]`, { skip: sharedSkip }, () => {
  let redis: Awaited<ReturnType<typeof sharedRedis>>;
  let first: Harness;
  let second: Harness;
  before(async () => {
    redis = await sharedRedis();
    const config = { rateLimit: { max: 4, windowMs: 60_000 } };
    // Connected before the first request: a limiter whose Redis is still connecting lets a request through unlimited
    // (it fails open, by design), and the counts below would be off by that request.
    const clients = [redis.client(), redis.client()];
    await Promise.all(clients.filter((client) => client.status !== 'ready').map((client) => once(client, 'ready')));
    first = await harness({ config: { ...config, redis: clients[0] } });
    second = await harness({ config: { ...config, redis: clients[1] } });
  });
  after(async () => {
    await first.app.close();
    await second.app.close();
    await redis.dispose();
  });

  it('counts one user’s requests to either instance against one limit', async () => {
    // The harnesses create the same user id on both instances, and share the JWT secret.
    assert.equal(first.userId, second.userId);
    const seen: string[] = [];
    for (const instance of [first, second, first, second]) {
      const response = await instance.request({ method: 'GET', url: '/api/recipes', token: first.token });
      assert.equal(response.statusCode, 200);
      seen.push(String(response.headers['ratelimit-remaining']));
    }
    assert.deepEqual(seen, ['3', '2', '1', '0']);
    assertProblem(await second.request({ method: 'GET', url: '/api/recipes', token: first.token }), 429, 'rate_limited');
    assertProblem(await first.request({ method: 'GET', url: '/api/recipes', token: first.token }), 429, 'rate_limited');
  });

  it('keeps each counter under larder:rate-limit:<limiter>:<key>, nothing else in the name', async () => {
    const client = redis.client();
    try {
      if (client.status !== 'ready') await once(client, 'ready');
      // A shared REDIS_URL gives each test client a prefix of its own, which KEYS patterns do not get.
      const prefix = client.options.keyPrefix ?? '';
      const keys = (await client.keys(`${prefix}larder:rate-limit:*`)).map((key) => key.slice(prefix.length));
      assert.ok(keys.includes(`larder:rate-limit:user:${first.userId}`), `the user's counter is named plainly: ${JSON.stringify(keys)}`);
      for (const key of keys) assert.match(key, /^larder:rate-limit:(user|login-address|login-email):./); // an IPv6 address has colons
    } finally {
      client.disconnect();
    }
  });
});

describe('rate limit through a Redis that stops answering', { skip }, () => {
  let redis: RedisServer;
  let first: Harness;
  let second: Harness;
  before(async () => {
    redis = await startRedisServer();
    const config = { rateLimit: { max: 4, windowMs: 60_000 } };
    // Connected before the first request: a limiter whose Redis is still connecting lets a request through unlimited
    // (it fails open, by design), and the counts below would be off by that request.
    const clients = [redis.client(), redis.client()];
    await Promise.all(clients.filter((client) => client.status !== 'ready').map((client) => once(client, 'ready')));
    first = await harness({ config: { ...config, redis: clients[0] } });
    second = await harness({ config: { ...config, redis: clients[1] } });
  });
  after(async () => {
    await first.app.close();
    await second.app.close();
    await redis.dispose();
  });

  it('lets requests through, without limit headers, when Redis stops answering', async () => {
    await redis.stop();
    await second.addUser('late@example.com');
    const token = (await second.login('late@example.com', 'correct horse battery')).json<{ token: string }>().token;
    const response = await second.request({ method: 'GET', url: '/api/recipes', token });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['ratelimit-remaining'], undefined);
  });
});
