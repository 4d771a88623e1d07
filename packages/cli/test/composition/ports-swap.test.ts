import assert from 'node:assert/strict';
import { PassThrough, Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { InMemoryFileStore, InMemoryProductRepository, InMemoryRecipeRepository, InMemoryUserRepository, ManualClock, plainTextHasher, recipeFixture, sequentialIds } from '@larder/domain/testing';
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
function inMemoryStore(recipes: InMemoryRecipeRepository, users: InMemoryUserRepository): OpenStore {
  return () =>
    okAsync({
      databaseName: 'in-memory',
      recipes,
      products: new InMemoryProductRepository(),
      users,
      files: new InMemoryFileStore(),
      ensureIndexes: () => okAsync([]),
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

  it('defaults to MongoDB, the system clock and UUIDv7 ids', () => {
    const deps = defaultPorts();
    assert.match(deps.ids.next(), /^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    assert.ok(Math.abs(deps.clock.now().getTime() - Date.now()) < 5000);
    assert.equal(deps.openStore.name, 'openMongoStore');
  });
});
