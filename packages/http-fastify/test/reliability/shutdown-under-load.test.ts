// run-tests: alone — its clients must send enough requests in a fixed time before the signal.
/**
 * SIGTERM while ~20 clients keep the service busy: every request sent before the signal gets its whole response,
 * nothing that had started to answer is cut short, new connections are refused, and the process exits 0. Runs the
 * service as the README does (a child process on the embedded engine).
 */
import assert from 'node:assert/strict';
import { Agent, request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { performance } from 'node:perf_hooks';
import { serviceEnv, startSpawnedService, type SpawnedService } from '../server/spawned-service.js';

const DEMO_PASSWORD = 'try-the-larder';
const CLIENTS = 20;
const LOAD_BEFORE_SIGNAL_MS = 1500;

interface Outcome {
  readonly label: string;
  /** When the whole request had been handed to the socket. */
  readonly sentAt: number;
  readonly status?: number;
  /** Body received to its end and parsed as JSON. */
  readonly complete?: boolean;
  /** A connection error, and whether a response had begun before it. */
  readonly error?: string;
  readonly truncated?: boolean;
}

interface Call {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
}

function send(base: URL, agent: Agent | false, token: string, call: Call): Promise<Outcome> {
  const label = `${call.method} ${call.path}`;
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve) => {
    let sentAt = Number.NaN;
    let responded = false;
    const request = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: call.method,
        path: call.path,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        responded = true;
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let complete = true;
          try {
            JSON.parse(text);
          } catch {
            complete = false;
          }
          resolve({ label, sentAt, status: response.statusCode ?? 0, complete });
        });
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ label, sentAt, error: error.code ?? error.message, truncated: true }));
      },
    );
    request.on('finish', () => (sentAt = performance.now()));
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ label, sentAt, error: error.code ?? error.message, truncated: responded }));
    request.end(payload);
  });
}

describe('SIGTERM under load', { timeout: 120_000 }, () => {
  let service: SpawnedService;
  let base: URL;
  let token: string;
  let recipeIds: string[];

  before(async () => {
    // On the emulator, as before FerretDB joined the chain: the test is about shutdown, and FerretDB's slower listings
    // (every one a full scan, docs/scale.md) left too few requests in flight on the shared 2-core machine.
    service = await startSpawnedService(serviceEnv({ DEMO_PASSWORD, RATE_LIMIT_MAX: '1000000', FERRETDB_BINARY_PATH: '/nonexistent/ferretdb' }));
    base = new URL(service.url);
    const login = await fetch(`${service.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD }),
    });
    token = ((await login.json()) as { token: string }).token;
    const list = await fetch(`${service.url}/api/recipes?per_page=50`, { headers: { authorization: `Bearer ${token}` } });
    // Scalable ones, so that every request the clients make is one the service answers with success.
    const recipes = ((await list.json()) as { data: { id: string; servings: number | null }[] }).data;
    recipeIds = recipes.filter((recipe) => recipe.servings !== null).map((recipe) => recipe.id);
  });
  after(() => {
    if (service.child.exitCode === null) service.child.kill('SIGKILL');
  });

  it('answers every request sent before the signal in full, refuses new connections, and exits 0', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const calls = (n: number): Call => {
      const id = recipeIds[n % recipeIds.length] ?? 'missing';
      switch (n % 5) {
        case 0:
          return { method: 'GET', path: '/api/recipes?q=chicken&per_page=10' };
        case 1:
          return { method: 'GET', path: `/api/recipes/${id}` };
        case 2:
          return { method: 'GET', path: `/api/recipes/${id}?servings=7` };
        case 3:
          return { method: 'POST', path: '/api/recipes', body: { title: `Load ${n}`, ingredients: ['1 cup rice', '2 eggs'], servings: 2 } };
        default:
          return { method: 'GET', path: '/api/products' };
      }
    };
    const outcomes: Outcome[] = [];
    let refused = false;
    const worker = async (client: number) => {
      for (let n = client; !refused; n += CLIENTS) {
        const outcome = await send(base, agent, token, calls(n));
        outcomes.push(outcome);
        if (outcome.error === 'ECONNREFUSED') refused = true;
      }
    };
    const workers = Array.from({ length: CLIENTS }, (_, client) => worker(client));

    await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_SIGNAL_MS));
    const signalAt = performance.now();
    service.child.kill('SIGTERM');
    // Fresh connections, one after another, until one is refused; the clients above stop at their first refusal.
    let freshAfterSignal: Outcome | undefined;
    for (let attempt = 0; attempt < 100 && freshAfterSignal?.error !== 'ECONNREFUSED'; attempt += 1) {
      freshAfterSignal = await send(base, false, token, { method: 'GET', path: '/healthz' });
    }
    refused = true;
    await Promise.all(workers);
    const code = await service.exited;
    agent.destroy();

    assert.equal(freshAfterSignal?.error, 'ECONNREFUSED', 'new connections are refused once shutdown has begun');
    const before = outcomes.filter((outcome) => outcome.sentAt < signalAt);
    assert.ok(before.length >= CLIENTS * 2, `only ${before.length} requests before the signal`);
    const inFlight = before.filter((outcome) => outcome.status !== undefined).length;
    assert.ok(inFlight > 0);
    const broken = before.filter((outcome) => outcome.error !== undefined || outcome.complete !== true || (outcome.status ?? 0) >= 300);
    assert.deepEqual(broken, [], 'requests sent before the signal that did not get their whole, successful response');
    const cut = outcomes.filter((outcome) => outcome.truncated === true);
    assert.deepEqual(cut, [], 'responses cut short');
    const afterSignal = outcomes.filter((outcome) => !(outcome.sentAt < signalAt));
    const failedAnswers = afterSignal.filter((outcome) => outcome.status !== undefined && (outcome.status >= 500 || outcome.complete !== true));
    assert.deepEqual(failedAnswers, [], 'requests after the signal are served in full or not at all (connection refused or closed)');
    assert.equal(code, 0, service.stderr());
  });
});
