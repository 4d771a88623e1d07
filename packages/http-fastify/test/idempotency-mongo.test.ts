/**
 * Idempotency-Key end to end on the service's own stores: MongoDB repositories and the MongoDB key store (the
 * test engines: MONGODB_URL or the emulator, and FerretDB), so that replays and races are settled by the database, not by one process.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createMongoRepositories, MongoIdempotencyStore, type MongoRepositories } from '@larder/adapters-mongo';
import { addUser, inlineRenderQueue, recipeListQueryFrom, systemClock, uuidV7Generator } from '@larder/domain';
import { InMemoryFileStore, plainTextHasher } from '@larder/domain/testing';
import { startTestDatabase, testEngines, type TestDatabase } from '@larder/adapters-mongo/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createDocumentRenderer } from '@larder/adapters-documents';
import { buildApp } from '../src/index.js';
import { EMAIL, PASSWORD, SECRET } from './support/harness.js';
import { inMemoryPublishing } from './support/publishing.js';

// Decided before any test is registered: the in-memory suites below must not start while this waits. Every engine:
// concurrent claims of one key are settled by the database's conditional writes, which differ per engine.
const engines = await testEngines();

for (const engine of engines) {
  describe(`Idempotency-Key on MongoDB [${engine.label}]`, () => {
    let database: TestDatabase;
    let stores: MongoRepositories;
    let app: FastifyInstance;
    let token: string;

    before(async () => {
      database = await startTestDatabase(engine);
      const db = await database.indexedDb('idempotency');
      stores = createMongoRepositories(db);
      app = await buildApp({
        ...stores,
        idempotency: new MongoIdempotencyStore(db),
        publishing: inMemoryPublishing(),
        clock: systemClock,
        ids: uuidV7Generator,
        hasher: plainTextHasher,
        rendering: inlineRenderQueue(createDocumentRenderer()),
        files: new InMemoryFileStore(),
        readiness: async () => true,
        logger: false,
        config: { jwtSecret: SECRET, rateLimit: { max: 100_000, windowMs: 60_000 }, salesPlatforms: ['etsy'], corsOrigins: [] },
      });
      await addUser({ users: stores.users, hasher: plainTextHasher, clock: systemClock, ids: uuidV7Generator })({ email: EMAIL, password: PASSWORD });
      token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password: PASSWORD } })).json<{ token: string }>().token;
    });
    after(async () => {
      await app.close();
      await database.stop();
    });

    const post = (key: string, title: string): Promise<LightMyRequestResponse> =>
      app.inject({
        method: 'POST', url: '/api/recipes', payload: JSON.stringify({ title, servings: 2 }),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      });
    const titled = async (title: string): Promise<number> =>
      (await stores.recipes.list(recipeListQueryFrom({ q: title }, { page: 1, perPage: 100 })))._unsafeUnwrap().total;

    it('replays the first answer and creates one recipe', async () => {
      const first = await post('mongo-replay', 'Focaccia');
      assert.equal(first.statusCode, 201, first.body);
      const again = await post('mongo-replay', 'Focaccia');
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.deepEqual([again.statusCode, again.body, again.headers.location, again.headers.etag], [201, first.body, first.headers.location, first.headers.etag]);
      assert.equal((await post('mongo-replay', 'Ciabatta')).statusCode, 422);
      assert.equal(await titled('Focaccia'), 1);
    });

    it('lets exactly one of simultaneous requests with one key create', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => post('mongo-race', 'Brioche')));
      const statuses = answers.map((answer) => answer.statusCode);
      assert.ok(statuses.every((status) => status === 201 || status === 409), statuses.join());
      const created = answers.filter((answer) => answer.statusCode === 201);
      assert.equal(created.filter((answer) => answer.headers['idempotent-replayed'] === undefined).length, 1);
      assert.equal(new Set(created.map((answer) => answer.body)).size, 1, 'every 201 is the same answer');
      assert.equal(await titled('Brioche'), 1);
    });
  });
}
