/**
 * The search index's snapshot is also written while the service runs (every `SEARCH_INDEX_SNAPSHOT_SECONDS`), so a
 * service killed without a clean stop (SIGKILL: no snapshot at the stop) starts again from the last periodic
 * snapshot and the changes since, instead of reading every recipe, and lists a recipe written after that snapshot.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MongoRecipeRepository } from '@larder/adapters-mongo';
import { primaryTestEngine, startTestDatabase, type TestDatabase } from '@larder/adapters-mongo/testing';
import { recipeFixture } from '@larder/domain/testing';
import { untilReady } from '../support/ready.js';
import { serviceEnv, startSpawnedService, type SpawnedService } from './spawned-service.js';

const ADMIN = { email: 'crash-restart@example.com', password: 'crash-restart-password' };

/** `promise`, or a failure after `ms` saying what did not happen. */
async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

for (const engine of await primaryTestEngine()) {
  describe(`the service killed and started again [${engine.label}]`, { timeout: 180_000 }, () => {
    let database: TestDatabase;
    let env: NodeJS.ProcessEnv;
    let snapshotDir: string;
    let recipes: MongoRecipeRepository;
    const running: SpawnedService[] = [];

    before(async () => {
      database = await startTestDatabase(engine);
      const db = database.freshDb('crash_restart');
      recipes = new MongoRecipeRepository(db);
      const url = new URL(database.handle.url);
      url.pathname = `/${db.databaseName}`;
      snapshotDir = await mkdtemp(join(tmpdir(), 'larder-crash-'));
      env = serviceEnv({
        MONGODB_URL: url.toString(), JWT_SECRET: 'crash-restart-test-secret-of-32-bytes-at-least', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
        SEARCH_INDEX_SNAPSHOT: join(snapshotDir, 'index.snapshot'), SEARCH_INDEX_SNAPSHOT_SECONDS: '1',
      });
    });
    after(async () => {
      for (const service of running) service.child.kill('SIGKILL');
      await database.stop();
      await rm(snapshotDir, { recursive: true, force: true });
    });

    const titles = async (service: SpawnedService, query: string): Promise<string[]> => {
      const login = await fetch(`${service.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
      const { token } = (await login.json()) as { token: string };
      const listed = (await (await fetch(`${service.url}/api/recipes?${query}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { title: string }[] };
      return listed.data.map((recipe) => recipe.title).sort();
    };

    it('starts from the snapshot written while it ran, and the changes since', async () => {
      (await recipes.insert(recipeFixture({ title: 'Soup kept in the snapshot' })))._unsafeUnwrap();
      const first = await startSpawnedService(env);
      running.push(first);
      await untilReady(first.url);
      await within(30_000, first.waitForStderr(/search index: 1 recipes kept in the snapshot for a restart/), 'a snapshot while it runs');
      first.child.kill('SIGKILL');
      await first.exited;
      assert.doesNotMatch(first.stderr(), /kept for the next start/, 'no clean stop');

      (await recipes.insert(recipeFixture({ title: 'Soup written after the snapshot' })))._unsafeUnwrap();
      const again = await startSpawnedService(env);
      running.push(again);
      await untilReady(again.url);
      assert.match(again.stderr(), /search index: 1 recipes from the snapshot of /);
      assert.doesNotMatch(again.stderr(), /recipes read \(/);
      assert.deepEqual(await titles(again, 'q=soup'), ['Soup kept in the snapshot', 'Soup written after the snapshot']);
    });
  });
}
