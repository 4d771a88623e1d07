/** A throwaway redis-server on a free port, for tests that need a real one; `undefined` when none is installed. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
