/** A throwaway redis-server on a free port, or the machine's Redis (`REDIS_URL`), for tests that need a real one. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort } from './free-port.js';

export interface RedisServer {
  readonly port: number;
  /** A client that fails fast (no offline queue) when the server is gone. */
  client(): Redis;
  /** Stops the server; clients stay, as they would through an outage. */
  stop(): Promise<void>;
  /** Stops the server and disconnects every client. */
  dispose(): Promise<void>;
}

export const redisServerInstalled = (): boolean => spawnSync('redis-server', ['--version']).status === 0;

/** The machine's Redis named by `REDIS_URL`, when set (CI's service container, a developer's running Redis). */
export const givenRedisUrl = (): string | undefined => {
  const url = process.env['REDIS_URL'];
  return url === undefined || url === '' ? undefined : url;
};

/**
 * A Redis for tests that share one, not stop it: `REDIS_URL` when set, every client's keys under a prefix of their
 * own so that parallel runs on that server never meet; otherwise a throwaway redis-server.
 */
export async function sharedRedis(): Promise<Omit<RedisServer, 'stop'> & { readonly where: string }> {
  const url = givenRedisUrl();
  if (url === undefined) return { ...(await startRedisServer()), where: 'a redis-server of its own' };
  const prefix = `larder-test:${randomBytes(6).toString('hex')}:`;
  const clients: Redis[] = [];
  return {
    port: Number(new URL(url).port || 6379),
    where: 'REDIS_URL',
    client() {
      const client = new Redis(url, { keyPrefix: prefix, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      client.on('error', () => undefined);
      clients.push(client);
      return client;
    },
    async dispose() {
      for (const client of clients) client.disconnect();
    },
  };
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const clients: Redis[] = [];
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => undefined); // refused until the server listens
  for (let attempt = 0; ; attempt += 1) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      probe.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  probe.disconnect();
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    port,
    client() {
      const client = new Redis({ port, host: '127.0.0.1', enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      client.on('error', () => undefined); // reconnection noise once the server is stopped
      clients.push(client);
      return client;
    },
    stop,
    async dispose() {
      await stop();
      for (const client of clients) client.disconnect();
    },
  };
}
