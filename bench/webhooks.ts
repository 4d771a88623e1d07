/**
 * Webhooks bench: product writes raise events (publish, unpublish) while the relay and the `webhook.deliver` jobs hand
 * them to a loopback receiver through the service's own path: the outbox, the relay loop, the job runner, signing,
 * the SSRF-guarded sender. The receiver answers 503 to a tenth of the requests at random, so retries are part of it.
 * It counts the distinct `webhook-id`s it accepted against the events raised: nothing may be lost.
 *
 *   pnpm --filter @larder/bench run webhooks [-- --events N] [-- --memory-only] [-- --engine memory|ferretdb|jongodb] [-- --profile]
 *
 * `--profile` adds where the time went: each store call (count per event, mean and total latency) and, on a
 * database, each command sent to it by collection (round trips per event), from the driver's command monitoring.
 *
 * Target: at least 1,000 deliveries a minute, 0 lost; on the in-memory stores, the default engine (FerretDB) and the
 * jongodb emulator.
 */
import { createServer } from 'node:http';
import { MongoClient } from 'mongodb';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { endpointUrlPolicy, httpWebhookSender, outboundGuard } from '@larder/adapters-outbound';
import {
  LISTINGS_COLLECTION,
  MongoEventOutbox,
  MongoJobQueue,
  MongoProductRepository,
  MongoRecipeRepository,
  MongoWebhookDeliveryRepository,
  MongoWebhookEndpointRepository,
  openDatabase,
  ensureEngineIndexes,
  ensureIndexes,
  PRODUCTS_COLLECTION,
  WEBHOOK_ENDPOINTS_COLLECTION,
} from '@larder/adapters-mongo';
import {
  aesGcmSecretBox,
  createProduct,
  createRecipe,
  createWebhookEndpoint,
  publishProduct,
  relayEvents,
  startJobRunner,
  startRelayLoop,
  systemClock,
  updateProduct,
  uuidV7Generator,
  webhookDeliveryHandler,
  type EventOutbox,
  type JobQueue,
  type ProductRepository,
  type RecipeRepository,
  type WebhookDeliveryRepository,
  type WebhookEndpointRepository,
} from '@larder/domain';
import { InMemoryJobQueue, InMemoryOutbox, InMemoryProductRepository, InMemoryRecipeRepository, InMemoryWebhookDeliveryRepository, InMemoryWebhookEndpointRepository } from '@larder/domain/testing';
import { randomBytes } from 'node:crypto';

const args = process.argv.slice(2);
const EVENTS = Number(args[args.indexOf('--events') + 1] ?? 0) || 2000;
const MEMORY_ONLY = args.includes('--memory-only');
const ONLY_ENGINE = args.includes('--engine') ? args[args.indexOf('--engine') + 1] : undefined;
const PROFILE = args.includes('--profile');
const TARGET_PER_MINUTE = 1000;
const GIVE_UP_MS = 5 * 60 * 1000;

interface Stores {
  readonly products: ProductRepository;
  readonly recipes: RecipeRepository;
  readonly outbox: EventOutbox;
  readonly endpoints: WebhookEndpointRepository;
  readonly deliveries: WebhookDeliveryRepository;
  readonly queue: JobQueue;
  close(): Promise<void>;
}

function memoryStores(): Stores {
  const outbox = new InMemoryOutbox();
  return {
    products: new InMemoryProductRepository(outbox),
    recipes: new InMemoryRecipeRepository(),
    outbox,
    endpoints: new InMemoryWebhookEndpointRepository(outbox),
    deliveries: new InMemoryWebhookDeliveryRepository(),
    queue: new InMemoryJobQueue(),
    close: async () => undefined,
  };
}

/** The service's default engine (FerretDB, on PostgreSQL when one answers) or the emulator. */
async function mongoStores(engine: 'ferretdb' | 'jongodb', profile: Profile | undefined): Promise<Stores> {
  const handle = await openDatabase({ engines: [engine], dbName: `bench_webhooks_${Date.now()}`, logger: () => undefined });
  (await ensureIndexes(handle.db))._unsafeUnwrap();
  // As the service does at start-up (FerretDB on PostgreSQL: GIN indexes for its point lookups).
  await ensureEngineIndexes(handle, handle.db);
  let db = handle.db;
  let monitored: MongoClient | undefined;
  if (profile !== undefined) {
    // A second client on the same database with command monitoring: every command sent, by collection.
    monitored = new MongoClient(handle.url, { monitorCommands: true });
    await monitored.connect();
    db = monitored.db(handle.db.databaseName);
    profile.watch(monitored);
  }
  return {
    products: new MongoProductRepository(db),
    recipes: new MongoRecipeRepository(db),
    outbox: new MongoEventOutbox(db, [PRODUCTS_COLLECTION, LISTINGS_COLLECTION, WEBHOOK_ENDPOINTS_COLLECTION]),
    endpoints: new MongoWebhookEndpointRepository(db),
    deliveries: new MongoWebhookDeliveryRepository(db),
    queue: new MongoJobQueue(db),
    close: async () => {
      await monitored?.close();
      await handle.close();
    },
  };
}

/** Counts and latencies: of each store call (the ports the pipeline uses), and of each command sent to the database. */
class Profile {
  readonly calls = new Map<string, { count: number; ms: number }>();
  readonly commands = new Map<string, { count: number; ms: number }>();

  static #add(into: Map<string, { count: number; ms: number }>, key: string, ms: number): void {
    const entry = into.get(key) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += ms;
    into.set(key, entry);
  }

  /** `target` with each method call timed until its result settles. */
  timed<T extends object>(name: string, target: T): T {
    return new Proxy(target, {
      get: (object, property, receiver) => {
        const value: unknown = Reflect.get(object, property, receiver);
        if (typeof value !== 'function' || typeof property !== 'string') return value;
        return (...parameters: unknown[]) => {
          const started = performance.now();
          const result: unknown = Reflect.apply(value, object, parameters);
          const record = () => Profile.#add(this.calls, `${name}.${property}`, performance.now() - started);
          if (typeof (result as PromiseLike<unknown> | null)?.then === 'function') (result as PromiseLike<unknown>).then(record, record);
          else record();
          return result;
        };
      },
    });
  }

  watch(client: MongoClient): void {
    const started = new Map<number, string>();
    client.on('commandStarted', (event) => {
      const target: unknown = event.commandName === 'getMore' ? event.command['collection'] : event.command[event.commandName];
      started.set(event.requestId, `${event.commandName} ${typeof target === 'string' ? target : ''}`.trim());
    });
    const finished = (event: { requestId: number; duration: number }) => {
      const key = started.get(event.requestId);
      started.delete(event.requestId);
      if (key !== undefined) Profile.#add(this.commands, key, event.duration);
    };
    client.on('commandSucceeded', finished);
    client.on('commandFailed', finished);
  }

  print(events: number): void {
    const table = (title: string, rows: Map<string, { count: number; ms: number }>) => {
      if (rows.size === 0) return;
      const sorted = [...rows].sort((a, b) => b[1].ms - a[1].ms);
      const total = sorted.reduce((sum, [, row]) => sum + row.count, 0);
      console.log(`  ${title}: ${total} in all, ${(total / events).toFixed(1)} an event`);
      for (const [key, row] of sorted) {
        console.log(`    ${key.padEnd(44)} ${String(row.count).padStart(7)}  ${(row.count / events).toFixed(2).padStart(6)}/event  mean ${(row.ms / row.count).toFixed(1).padStart(7)} ms  total ${(row.ms / 1000).toFixed(1).padStart(7)} s`);
      }
    };
    table('store calls', this.calls);
    table('database commands (round trips)', this.commands);
  }
}

function profiled(stores: Stores, profile: Profile | undefined): Stores {
  if (profile === undefined) return stores;
  return {
    ...stores,
    products: profile.timed('products', stores.products),
    outbox: profile.timed('outbox', stores.outbox),
    endpoints: profile.timed('endpoints', stores.endpoints),
    deliveries: profile.timed('deliveries', stores.deliveries),
    queue: profile.timed('queue', stores.queue),
  };
}

async function run(label: string, unprofiled: Stores, profile: Profile | undefined): Promise<boolean> {
  const stores = profiled(unprofiled, profile);
  const accepted = new Set<string>();
  let requests = 0;
  let refusedOnPurpose = 0;
  let badSignatures = 0;
  let secret = '';
  const receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      requests += 1;
      const id = String(request.headers['webhook-id']);
      // Every 20th request is verified with the reference library (all of them would measure the receiver).
      if (requests % 20 === 0) {
        try {
          new Webhook(secret).verify(body, request.headers as Record<string, string>);
        } catch {
          badSignatures += 1;
        }
      }
      if (Math.random() < 0.1) {
        refusedOnPurpose += 1;
        response.writeHead(503).end();
        return;
      }
      accepted.add(id);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const clock = systemClock;
  const ids = uuidV7Generator;
  const secrets = aesGcmSecretBox(randomBytes(32));
  const guard = outboundGuard({ allowPrivate: true });
  const sender = httpWebhookSender({ guard, maxSockets: 16 });
  const created = await createWebhookEndpoint({ endpoints: stores.endpoints, deliveries: stores.deliveries, secrets, urlPolicy: endpointUrlPolicy(guard), clock, ids })('bench-user', {
    url,
    events: ['product.published', 'product.unpublished'],
  });
  secret = created._unsafeUnwrap().secret;
  const policy = { maxAttempts: 1000, maxAgeMs: 3 * 24 * 60 * 60 * 1000, baseMs: 200, capMs: 2000 };
  const handler = webhookDeliveryHandler({ endpoints: stores.endpoints, deliveries: stores.deliveries, queue: stores.queue, secrets, sender, clock, ids, policy });
  const runner = startJobRunner({ queue: stores.queue, handlers: [handler], clock, owner: 'bench', pollMs: 50, concurrency: 16 });
  const relay = startRelayLoop({ relay: relayEvents({ outbox: stores.outbox, endpoints: stores.endpoints, deliveries: stores.deliveries, queue: stores.queue, clock, ids, onQueued: () => runner.wake() }), pollMs: 50 });

  const deps = { products: stores.products, recipes: stores.recipes, clock, ids, salesPlatforms: ['etsy'] };
  const recipe = (await createRecipe({ recipes: stores.recipes, clock, ids })({ title: 'Bench soup' }))._unsafeUnwrap();
  const started = performance.now();
  let raised = 0;
  const progress: string[] = [];
  const timeline = profile === undefined ? undefined : setInterval(() => progress.push(`${((performance.now() - started) / 1000).toFixed(0)} s: ${raised} raised, ${accepted.size} accepted`), 10_000);
  // Each product is published (product.published), then put back to draft (product.unpublished): two events each.
  while (raised < EVENTS) {
    const product = (await createProduct(deps)({ type: 'ebook', title: `Bench ${raised}`, recipe_ids: [recipe.id] }))._unsafeUnwrap();
    (await publishProduct(deps)({ id: product.id, sales: { platforms: ['etsy'], price_cents: 900, currency: 'EUR' }, userId: 'bench-user' }))._unsafeUnwrap();
    (await updateProduct(deps)({ id: product.id, changes: { status: 'draft' }, userId: 'bench-user' }))._unsafeUnwrap();
    raised += 2;
    relay.wake();
  }
  const written = performance.now() - started;
  while (accepted.size < raised && performance.now() - started < GIVE_UP_MS) await new Promise((resolve) => setTimeout(resolve, 20));
  const elapsed = performance.now() - started;
  clearInterval(timeline);
  await relay.stop();
  await runner.stop();
  sender.close();
  receiver.closeAllConnections();
  receiver.close();
  await stores.close();

  const lost = raised - accepted.size;
  const perMinute = (accepted.size / elapsed) * 60_000;
  const met = lost === 0 && badSignatures === 0 && perMinute >= TARGET_PER_MINUTE;
  console.log(`webhooks on ${label}: ${raised} events raised by product writes (${(written / 1000).toFixed(1)} s of writes)`);
  console.log(`  receiver: ${requests} requests, ${refusedOnPurpose} answered 503 on purpose (retried), ${accepted.size} distinct webhook-ids accepted, ${badSignatures} bad signatures of ${Math.floor(requests / 20)} checked`);
  console.log(`  all delivered after ${(elapsed / 1000).toFixed(1)} s: ${Math.round(perMinute).toLocaleString('en')} deliveries a minute, ${lost} lost (target ≥ ${TARGET_PER_MINUTE.toLocaleString('en')}/min, 0 lost): ${met ? 'met' : 'NOT met'}`);
  if (profile !== undefined) console.log(`  progress: ${progress.join('; ')}`);
  profile?.print(raised);
  return met;
}

const wanted = (engine: string) => (ONLY_ENGINE === undefined ? engine === 'memory' || !MEMORY_ONLY : ONLY_ENGINE === engine);
const newProfile = () => (PROFILE ? new Profile() : undefined);
const results: boolean[] = [];
if (wanted('memory')) results.push(await run('in-memory stores', memoryStores(), newProfile()));
if (wanted('ferretdb')) {
  const profile = newProfile();
  results.push(await run('FerretDB (the default embedded engine)', await mongoStores('ferretdb', profile), profile));
}
if (wanted('jongodb')) {
  const profile = newProfile();
  results.push(await run('jongodb (embedded emulator)', await mongoStores('jongodb', profile), profile));
}
process.exitCode = results.every(Boolean) ? 0 : 1;
