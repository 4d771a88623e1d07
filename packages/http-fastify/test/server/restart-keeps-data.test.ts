/**
 * `pnpm start` on FerretDB keeps the library across a restart: a recipe created before a restart is there after it,
 * and the sample library and demo user are made once, on the empty database only.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ferretdbTestEngine } from '@larder/adapters-mongo/testing';
import { serviceEnv, startSpawnedService, type SpawnedService } from './spawned-service.js';

const ferretdb = await ferretdbTestEngine();
const DEMO_PASSWORD = 'restart-the-larder';
const NEW_PASSWORD = 'walk-through-password';

async function stop(service: SpawnedService): Promise<void> {
  service.child.kill('SIGTERM');
  await service.exited;
}

describe(`[${'label' in ferretdb ? ferretdb.label : 'ferretdb'}] the service restarted on the same data`, { skip: 'notRun' in ferretdb ? ferretdb.notRun : false, timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'larder-restart-'));
  const database = `larder_restart_${randomBytes(4).toString('hex')}`;
  const env = serviceEnv({ LARDER_DATA_DIR: dataDir, LARDER_POSTGRESQL_URL: `postgres://postgres@127.0.0.1:5432/${database}`, DEMO_PASSWORD });
  after(() => {
    rmSync(dataDir, { recursive: true, force: true });
    if ('label' in ferretdb && ferretdb.label === 'ferretdb-postgresql') {
      execFileSync('psql', ['postgres://postgres@127.0.0.1:5432/postgres', '-qc', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`]);
    }
  });

  it('keeps a recipe created before the restart, and seeds the library only once', async () => {
    const first = await startSpawnedService(env);
    let recipeId: string;
    try {
      assert.match(first.stderr(), /database engine: ferretdb-\w+/);
      assert.match(first.stderr(), /data kept across restarts in /);
      assert.match(first.stderr(), /sample library loaded/);
      const login = await fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const created = await fetch(`${first.url}/api/recipes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: 'Survives a restart', ingredients: ['1 egg'], instructions: ['Boil it.'] }),
      });
      assert.equal(created.status, 201);
      recipeId = ((await created.json()) as { id: string }).id;
    } finally {
      await stop(first);
    }

    // The README's walk-through restarts with a DEMO_PASSWORD of its own: it must log in whatever the first start chose.
    const second = await startSpawnedService({ ...env, DEMO_PASSWORD: NEW_PASSWORD });
    try {
      assert.doesNotMatch(second.stderr(), /] sample library loaded/);
      assert.match(second.stderr(), /the demo user demo@example\.com now has the password DEMO_PASSWORD gives/);
      assert.match(second.stdout(), new RegExp(`password: ${NEW_PASSWORD}`), 'the credentials block shows the password');
      const loginAs = (password: string) =>
        fetch(`${second.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@example.com', password }),
        });
      assert.equal((await loginAs(DEMO_PASSWORD)).status, 401, 'the first password no longer works');
      const login = await loginAs(NEW_PASSWORD);
      assert.equal(login.status, 200);
      const { token } = (await login.json()) as { token: string };
      const found = await fetch(`${second.url}/api/recipes/${recipeId}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(found.status, 200);
      assert.equal(((await found.json()) as { title: string }).title, 'Survives a restart');
    } finally {
      await stop(second);
    }
  });
});
