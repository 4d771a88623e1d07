import assert from 'node:assert/strict';
import { PassThrough, Readable } from 'node:stream';
import { describe, it } from 'node:test';
import {
  InMemoryFileStore,
  InMemoryProductRepository,
  InMemoryRecipeRepository,
  InMemorySaleRepository,
  InMemoryUserRepository,
  ManualClock,
  plainTextHasher,
  recipeFixture,
  saleFixture,
  sequentialIds,
} from '@larder/domain/testing';
import { okAsync } from 'neverthrow';
import type { CliIo } from '../../src/cli-io.js';
import type { OpenStore } from '../../src/database.js';
import { defaultPorts } from '../../src/default-ports.js';
import { silentProgress } from '../../src/import/progress.js';
import { runCli, type ProgramDeps } from '../../src/program.js';

function capturedIo(stdin = ''): CliIo & { out(): string; err(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
  stderr.setEncoding('utf8').on('data', (text: string) => (err += text));
  return { stdout, stderr, stdin: Readable.from([stdin]), env: {}, out: () => out, err: () => err };
}

/** An in-memory store in place of MongoDB: what an embedding program or a test registers. */
function inMemoryStore(recipes: InMemoryRecipeRepository, users: InMemoryUserRepository, sales = new InMemorySaleRepository()): OpenStore {
  return () =>
    okAsync({
      databaseName: 'in-memory',
      recipes,
      products: new InMemoryProductRepository(),
      users,
      sales,
      files: new InMemoryFileStore(),
      ensureIndexes: () => okAsync([]),
      slimRecipeDocuments: async () => ({ alreadyDone: true, slimmed: 0, done: true }),
      holdsAnyRecipe: async () => true,
      publishing: () => Promise.reject(new Error('this test publishes nothing')),
      close: async () => undefined,
    });
}

describe("the CLI's ports: passing one replaces its default, the commands stay as they are", () => {
  it('runs users add and recipes export over a given store, clock, ids and hasher', async () => {
    const recipes = new InMemoryRecipeRepository();
    const users = new InMemoryUserRepository();
    (await recipes.insert(recipeFixture({ id: 'r-1', title: 'Kept in memory' })))._unsafeUnwrap();
    const ports = {
      openStore: inMemoryStore(recipes, users),
      clock: new ManualClock(new Date('2030-05-01T00:00:00.000Z')),
      ids: sequentialIds('user'),
      hasher: plainTextHasher,
    };
    const deps = (io: CliIo): ProgramDeps => ({ ...defaultPorts(), ...ports, io, progress: () => silentProgress });

    const adding = capturedIo('a-long-password');
    const added = await runCli(['users', 'add', '--email', 'chef@example.com', '--password-stdin', '--mongodb-url', 'mongodb://never-used'], deps(adding));
    assert.equal(added, 0, adding.err());
    const user = (await users.findByEmail('chef@example.com'))._unsafeUnwrap();
    assert.deepEqual([user?.id, user?.created_at.toISOString(), user?.password_hash], ['user-000001', '2030-05-01T00:00:00.000Z', 'plain$a-long-password']);

    const exporting = capturedIo();
    assert.equal(await runCli(['recipes', 'export', '--mongodb-url', 'mongodb://never-used'], deps(exporting)), 0, exporting.err());
    assert.match(exporting.out(), /"title":"Kept in memory"/);
  });

  it('exports sales as CSV or NDJSON with the API’s filters, one user’s or everyone’s, formulas defused', async () => {
    const users = new InMemoryUserRepository();
    const sales = new InMemorySaleRepository();
    const deps = (io: CliIo): ProgramDeps => ({ ...defaultPorts(), openStore: inMemoryStore(new InMemoryRecipeRepository(), users, sales), clock: new ManualClock(), ids: sequentialIds('user'), hasher: plainTextHasher, io, progress: () => silentProgress });
    const adding = capturedIo('a-long-password');
    assert.equal(await runCli(['users', 'add', '--email', 'seller@example.com', '--password-stdin', '--mongodb-url', 'mongodb://never-used'], deps(adding)), 0, adding.err());
    const seller = (await users.findByEmail('seller@example.com'))._unsafeUnwrap()?.id ?? '';
    for (const sale of [
      saleFixture({ user_id: seller, remote_id: '=HYPERLINK("x")', id: 'gumroad:=HYPERLINK("x")', sold_at: new Date('2026-03-02T10:00:00.000Z') }),
      saleFixture({ user_id: seller, platform: 'etsy', remote_id: '42', id: 'etsy:42', currency: 'EUR', product_id: null, sold_at: new Date('2026-03-01T10:00:00.000Z') }),
      saleFixture({ user_id: 'another', sold_at: new Date('2026-03-03T10:00:00.000Z') }),
    ]) {
      await sales.save(sale, null);
    }
    const run = async (...args: string[]) => {
      const io = capturedIo();
      assert.equal(await runCli(['sales', 'export', ...args, '--mongodb-url', 'mongodb://never-used'], deps(io)), 0, io.err());
      return io.out();
    };
    const csv = (await run('--user', 'seller@example.com')).split('\r\n');
    assert.equal(csv[0], 'id,product_id,platform,remote_id,amount_cents,currency,refunded_cents,sold_at');
    assert.equal(csv[1], `"gumroad:=HYPERLINK(""x"")",product-1,gumroad,"'=HYPERLINK(""x"")",1200,USD,0,2026-03-02T10:00:00.000Z`);
    assert.equal(csv[2], 'etsy:42,,etsy,42,1200,EUR,0,2026-03-01T10:00:00.000Z');
    assert.equal(csv.length, 4, 'two rows and the final line break');
    assert.equal((await run()).split('\r\n').length, 5, 'every user’s without --user');
    const ndjson = (await run('--format', 'ndjson', '--platform', 'etsy')).trim().split('\n');
    assert.deepEqual(ndjson.map((line) => (JSON.parse(line) as { id: string }).id), ['etsy:42']);
    assert.equal((await run('--format', 'ndjson', '--from', '2026-03-02', '--to', '2026-03-03')).trim().split('\n').length, 1);

    const wrong = capturedIo();
    assert.equal(await runCli(['sales', 'export', '--from', 'last week', '--mongodb-url', 'mongodb://never-used'], deps(wrong)), 2);
    assert.match(wrong.err(), /ISO 8601/);
  });

  it('defaults to MongoDB, the system clock and UUIDv7 ids', () => {
    const deps = defaultPorts();
    assert.match(deps.ids.next(), /^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    assert.ok(Math.abs(deps.clock.now().getTime() - Date.now()) < 5000);
    assert.equal(deps.openStore.name, 'openMongoStore');
  });
});
