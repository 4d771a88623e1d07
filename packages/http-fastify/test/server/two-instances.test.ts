/**
 * Two service instances on one database, each listing recipes and products from its own indexes: a recipe created,
 * changed or archived through one is listed (or no longer listed) by the other within a second, through the change
 * feed (`recipe_changes`, polled every 100 ms); a product likewise (`product_changes`). Runs on every test engine
 * (none of them has change streams).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { testEngines, startTestDatabase, type TestDatabase } from '@larder/adapters-mongo/testing';
import { loadConfig, startService, type RunningService } from '@larder/http-fastify/service';
import { untilReady } from '../support/ready.js';

const ADMIN = { email: 'two-instances@example.com', password: 'two-instances-password' };
const CONVERGED_MS = 1000;

for (const engine of await testEngines()) {
  describe(`two service instances on one database [${engine.label}]`, () => {
    let database: TestDatabase;
    let mongodbUrl: string;
    let snapshotDir: string;
    const services: RunningService[] = [];
    const auth: Record<string, string> = {};
    const lines: string[] = [];

    before(async () => {
      database = await startTestDatabase(engine);
      const db = database.freshDb('two_instances');
      const url = new URL(database.handle.url);
      url.pathname = `/${db.databaseName}`;
      mongodbUrl = url.toString();
      snapshotDir = await mkdtemp(join(tmpdir(), 'larder-snapshot-'));
      for (let n = 0; n < 2; n += 1) services.push(await start(n));
      for (const service of services) await untilReady(service.url, 600);
      const login = await fetch(`${services[0]?.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
      auth['authorization'] = `Bearer ${((await login.json()) as { token: string }).token}`;
    });
    after(async () => {
      for (const service of services) await service.stop();
      await database.stop();
      await rm(snapshotDir, { recursive: true, force: true });
    });

    /** Instance `n`, with its own snapshot file. */
    const start = async (n: number): Promise<RunningService> => {
      const config = loadConfig({
        PORT: '0', LOG_LEVEL: 'silent', MONGODB_URL: mongodbUrl, JWT_SECRET: 'two-instances-test-secret-of-32-bytes-at-least',
        ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEARCH_INDEX_SNAPSHOT: join(snapshotDir, `instance-${n}.snapshot`), RENDER_WARM: 'false',
      })._unsafeUnwrap();
      return startService(config, { log: { info: (line) => lines.push(line), warn: (line) => lines.push(line) } });
    };

    /** The titles `service` lists at `/api/{what}?{query}`. */
    const titles = async (service: RunningService, query: string, what: 'recipes' | 'products' = 'recipes'): Promise<string[]> => {
      const listed = (await (await fetch(`${service.url}/api/${what}?${query}`, { headers: auth })).json()) as { data: { title: string }[] };
      return listed.data.map((item) => item.title);
    };
    /** Milliseconds until `service` lists `expected` for `query`; fails past `CONVERGED_MS`. */
    const convergence = async (service: RunningService, query: string, expected: string[], what: 'recipes' | 'products' = 'recipes'): Promise<number> => {
      const started = Date.now();
      for (;;) {
        const listed = await titles(service, query, what);
        if (JSON.stringify(listed) === JSON.stringify(expected)) return Date.now() - started;
        assert.ok(Date.now() - started < CONVERGED_MS, `after ${CONVERGED_MS} ms the other instance lists ${JSON.stringify(listed)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    it('logs the building of its search index and of its product index', () => {
      assert.equal(lines.filter((line) => /^search index ready: \d+ recipes/.test(line)).length, 2, lines.join('\n'));
      assert.equal(lines.filter((line) => /^product index ready: \d+ products/.test(line)).length, 2, lines.join('\n'));
    });

    it('lists on the other instance, within a second, a recipe created, changed and archived through one', async () => {
      const [a, b] = services as [RunningService, RunningService];
      const json = { ...auth, 'content-type': 'application/json' };
      const created = await fetch(`${a.url}/api/recipes`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'Feed test lentil soup' }) });
      assert.equal(created.status, 201);
      const { id, version } = (await created.json()) as { id: string; version: number };
      await convergence(b, 'q=lentil', ['Feed test lentil soup']);

      const changed = await fetch(`${a.url}/api/recipes/${id}`, { method: 'PATCH', headers: { ...json, 'if-match': `"${version}"` }, body: JSON.stringify({ title: 'Feed test lentil stew' }) });
      assert.equal(changed.status, 200, await changed.text());
      await convergence(b, 'q=stew', ['Feed test lentil stew']);

      const archived = await fetch(`${a.url}/api/recipes/${id}`, { method: 'DELETE', headers: auth });
      assert.ok(archived.status < 300, await archived.text());
      await convergence(b, 'q=lentil', []);
      assert.deepEqual(await titles(b, 'q=lentil&status=archived'), ['Feed test lentil stew']);
    });

    it('lists on the other instance, within a second, a product created and archived through one', async () => {
      const [a, b] = services as [RunningService, RunningService];
      const json = { ...auth, 'content-type': 'application/json' };
      const recipe = await fetch(`${a.url}/api/recipes`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'Feed test barley bread' }) });
      const { id: recipeId } = (await recipe.json()) as { id: string };
      assert.deepEqual(await titles(b, 'type=recipe_card_pack', 'products'), []);
      const created = await fetch(`${a.url}/api/products`, { method: 'POST', headers: json, body: JSON.stringify({ type: 'recipe_card_pack', title: 'Feed test breads', recipe_ids: [recipeId] }) });
      assert.equal(created.status, 201, await created.clone().text());
      const { id, version } = (await created.json()) as { id: string; version: number };
      assert.deepEqual(await titles(a, 'type=recipe_card_pack', 'products'), ['Feed test breads'], 'the writer lists it at once');
      await convergence(b, 'type=recipe_card_pack', ['Feed test breads'], 'products');

      const archived = await fetch(`${a.url}/api/products/${id}`, { method: 'PATCH', headers: { ...json, 'if-match': `"${version}"` }, body: JSON.stringify({ status: 'archived' }) });
      assert.equal(archived.status, 200, await archived.text());
      await convergence(b, 'type=recipe_card_pack&status=archived', ['Feed test breads'], 'products');
      assert.deepEqual(await titles(b, 'type=recipe_card_pack&status=draft', 'products'), []);
    });

    it('starts again from its snapshot and the changes made while it was stopped', async () => {
      const [a, b] = services as [RunningService, RunningService];
      await a.stop();
      services.splice(0, 1);
      assert.ok(lines.some((line) => /^search index: \d+ recipes kept for the next start/.test(line)), lines.join('\n'));
      const json = { ...auth, 'content-type': 'application/json' };
      const created = await fetch(`${b.url}/api/recipes`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'Written while the other was down' }) });
      assert.equal(created.status, 201);
      lines.length = 0;
      const again = await start(0);
      services.push(again);
      await untilReady(again.url, 600);
      assert.ok(lines.some((line) => /^search index: \d+ recipes from the snapshot of /.test(line)), lines.join('\n'));
      assert.deepEqual(await titles(again, 'q=down'), ['Written while the other was down']);
      assert.deepEqual(await titles(again, 'q=lentil&status=archived'), ['Feed test lentil stew'], 'what the snapshot held');
    });
  });
}
