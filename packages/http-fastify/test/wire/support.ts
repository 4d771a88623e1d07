/** A listening app (in-memory stores) whose log lines a test can read, and checks of raw problem responses. */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { AppConfig } from '../../src/index.js';
import { harness, type Harness } from '../support/harness.js';
import type { Exchange } from './raw-client.js';

export interface Listening {
  readonly h: Harness;
  readonly port: number;
  /** Parsed log lines so far. */
  readonly logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function listening(config: Partial<AppConfig> = {}): Promise<Listening> {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') logs.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const h = await harness({ config, logger: { level: 'info', stream } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return { h, port: address.port, logs, close: () => h.app.close() };
}

export interface RawProblem {
  readonly body: { type: string; title: string; status: number; detail: string; code: string; errors?: unknown };
  readonly requestId: string;
}

/** A complete problem response with `status` and `code`, a request id, and the connection closed after it. */
export function assertRawProblem(exchange: Exchange, status: number, code: string, label: string): RawProblem {
  const response = exchange.response;
  assert.ok(response, `${label}: no complete response in ${JSON.stringify(exchange.received.slice(0, 300))}`);
  assert.equal(response.status, status, `${label}: ${exchange.received.slice(0, 300)}`);
  assert.match(response.headers['content-type'] ?? '', /^application\/problem\+json/, label);
  const requestId = response.headers['x-request-id'] ?? '';
  assert.match(requestId, /^[A-Za-z0-9._:-]{1,128}$/, `${label}: X-Request-Id`);
  const body = JSON.parse(response.body) as RawProblem['body'];
  assert.deepEqual([body.status, body.code, body.type], [status, code, `urn:larder:problem:${code}`], label);
  assert.ok(body.title.length > 0 && body.detail.length > 0, label);
  assert.equal(body.errors, undefined, `${label}: errors are for validation only`);
  assert.deepEqual(Object.keys(body).filter((key) => !['type', 'title', 'status', 'detail', 'code'].includes(key)), [], label);
  return { body, requestId };
}

/** The log lines of one request id. */
export const linesOf = (logs: readonly Record<string, unknown>[], requestId: string) => logs.filter((line) => line['reqId'] === requestId);

/** The lines that log a refusal by the HTTP parser (they name the problem code) under one request id. */
export const refusalsOf = (logs: readonly Record<string, unknown>[], requestId: string) =>
  linesOf(logs, requestId).filter((line) => typeof line['code'] === 'string');

/** Waits until `check` holds (log lines are written asynchronously), at most `ms`. */
export async function eventually(check: () => boolean, ms = 2000): Promise<void> {
  const until = performance.now() + ms;
  while (!check() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}
