import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { redisServerInstalled, startRedisServer, type RedisServer } from '../support/redis-server.js';
import { serviceEnv, startSpawnedService, type SpawnedService } from './spawned-service.js';

describe('the service with REDIS_URL', { skip: redisServerInstalled() ? false : 'redis-server is not installed' }, () => {
  let redis: RedisServer;
  let service: SpawnedService;

  before(async () => {
    redis = await startRedisServer();
    service = await startSpawnedService(
      serviceEnv({ REDIS_URL: `redis://127.0.0.1:${redis.port}`, DEMO_PASSWORD: 'try-the-larder', RATE_LIMIT_MAX: '2' }),
    );
  });
  after(async () => {
    if (service.child.exitCode === null) service.child.kill('SIGKILL');
    await redis.dispose();
  });

  it('keeps the per-user counters in Redis and limits the user there', async () => {
    const login = await fetch(`${service.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'try-the-larder' }),
    });
    const { token } = (await login.json()) as { token: string };
    const statuses: number[] = [];
    for (let count = 0; count < 3; count += 1) {
      const response = await fetch(`${service.url}/api/recipes`, { headers: { authorization: `Bearer ${token}` } });
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, [200, 200, 429]);
    const inspector = new Redis({ host: '127.0.0.1', port: redis.port });
    try {
      assert.ok((await inspector.dbsize()) > 0, 'no rate-limit counter was written to Redis');
    } finally {
      inspector.disconnect();
    }
  });

  it('closes its Redis connection on SIGTERM and exits 0', async () => {
    service.child.kill('SIGTERM');
    assert.equal(await service.exited, 0);
    assert.doesNotMatch(service.stderr(), /redis: /);
  });
});
