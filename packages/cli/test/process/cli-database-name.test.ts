import assert from 'node:assert/strict';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { urlWithDatabase } from '@larder/adapters-mongo/database-name';
import { startTestEngine, type TestEngine } from './test-engine.js';
import { runCli } from './run-cli.js';

let engine: TestEngine;
let work: string;
const env = (extra: NodeJS.ProcessEnv) => ({ ...process.env, MONGODB_URL: '', MONGODB_DB: '', ...extra });

before(async () => {
  engine = await startTestEngine();
  work = await mkdtemp(join(tmpdir(), 'larder-cli-db-'));
});
after(async () => {
  await engine.stop();
  await rm(work, { recursive: true, force: true });
});

describe("the CLI's database: the URL's, else --mongodb-db / MONGODB_DB, else larder (the service's rule)", () => {
  it('reads the database the URL names', async () => {
    const name = engine.freshDbName('in_url');
    const file = join(work, 'one.ndjson');
    await writeFile(file, '{"title":"Named by the URL"}\n');
    const imported = await runCli(['recipes', 'import', file, '--mongodb-url', urlWithDatabase(engine.url, name)], { env: env({}) });
    assert.equal(imported.code, 0, imported.stderr);
    const exported = await runCli(['recipes', 'export'], { env: env({ MONGODB_URL: engine.url, MONGODB_DB: name }) });
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, /"title":"Named by the URL"/);
  });

  it('says on stderr when an export finds no recipe in a database that holds none, naming the database; stdout stays valid and empty', async (t) => {
    const name = engine.freshDbName('nothing_here');
    const ndjson = await runCli(['recipes', 'export', '--mongodb-url', engine.url, '--mongodb-db', name], { env: env({}) });
    assert.equal(ndjson.code, 0, ndjson.stderr);
    assert.equal(ndjson.stdout, '');
    assert.match(ndjson.stderr, new RegExp(`database "${name}" holds no recipes at all`));
    const jsonld = await runCli(['recipes', 'export', '--format', 'jsonld'], { env: env({ MONGODB_URL: urlWithDatabase(engine.url, name) }) });
    assert.equal(jsonld.code, 0, jsonld.stderr);
    assert.deepEqual((JSON.parse(jsonld.stdout) as { '@graph': unknown[] })['@graph'], []);
    assert.match(jsonld.stderr, /holds no recipes at all/);

    if (engine.shared) return t.skip('a shared MONGODB_URL server may hold a "larder" database: the default name is checked on embedded engines only');
    const byDefault = await runCli(['recipes', 'export'], { env: env({ MONGODB_URL: engine.url }) });
    assert.equal(byDefault.code, 0, byDefault.stderr);
    assert.match(byDefault.stderr, /database "larder" holds no recipes at all/);
  });

  it('refuses a --mongodb-db or MONGODB_DB that contradicts the database in the URL (exit 2, one line)', async () => {
    const url = urlWithDatabase(engine.url, 'one');
    for (const run of [
      await runCli(['recipes', 'export', '--mongodb-url', url, '--mongodb-db', 'other'], { env: env({}) }),
      await runCli(['users', 'list'], { env: env({ MONGODB_URL: url, MONGODB_DB: 'other' }) }),
    ]) {
      assert.equal(run.code, 2);
      assert.equal(run.stdout, '');
      assert.equal(run.stderr, 'larder: the URL names the database "one" but --mongodb-db / MONGODB_DB says "other": give one of them\n');
    }
  });
});
