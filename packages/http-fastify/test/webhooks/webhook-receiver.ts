/**
 * A webhook receiver on loopback that can be told to misbehave: answer 503, or stop listening altogether (a closed
 * port), then come back on the same port. It keeps every request it got, and verifies signatures with the Standard
 * Webhooks reference verifier as a receiver whose clock reads the service's (the test's) time.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** What the receiver answered (0: nothing). */
  readonly status: number;
}

export type ReceiverMode = 'up' | 'failing';

export interface Receiver {
  readonly port: number;
  readonly received: Received[];
  url(path: string): string;
  /** 204 to every request, or 503 to every request; paths in `failingPaths` always get 503. */
  mode: ReceiverMode;
  readonly failingPaths: Set<string>;
  /** Stops listening (connections refused) until `reopen`. */
  shut(): Promise<void>;
  reopen(): Promise<void>;
  /** Resolves once `predicate` holds for what was received (polling; rejects after `ms`). */
  until(predicate: (received: readonly Received[]) => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let server: Server | undefined;
  const state = { mode: 'up' as ReceiverMode };
  const failingPaths = new Set<string>();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const created = createServer((request, response) => {
        let body = '';
        request.setEncoding('utf8');
        request.on('data', (chunk: string) => (body += chunk));
        request.on('end', () => {
          const path = request.url ?? '';
          const status = state.mode === 'failing' || failingPaths.has(path) ? 503 : 204;
          received.push({ path, headers: request.headers, body, status });
          response.writeHead(status).end();
        });
      });
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        server = created;
        resolve((created.address() as AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server === undefined) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
      server = undefined;
    });
  const port = await listen(0);
  return {
    port,
    received,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    get mode() {
      return state.mode;
    },
    set mode(mode: ReceiverMode) {
      state.mode = mode;
    },
    failingPaths,
    shut: stop,
    reopen: async () => {
      await listen(port);
    },
    async until(predicate, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`the receiver did not get what was awaited within ${ms} ms (got ${received.length} requests)`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: stop,
  };
}

/** Whether `secret` verifies the request, for a receiver whose clock reads `now`. */
export function verifies(secret: string, request: Received, now: Date): boolean {
  const realNow = Date.now;
  // The reference verifier checks the timestamp against Date.now(): the receiver's clock is the test's clock.
  Date.now = () => now.getTime();
  try {
    new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  } finally {
    Date.now = realNow;
  }
}

/** The request's `type` and `data`. */
export const bodyOf = (request: Received): { type: string; timestamp: string; data: Record<string, unknown> } =>
  JSON.parse(request.body) as { type: string; timestamp: string; data: Record<string, unknown> };
