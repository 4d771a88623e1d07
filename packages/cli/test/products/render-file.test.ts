import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { okAsync } from 'neverthrow';
import type { DocumentRenderer } from '@larder/domain';
import { InMemoryProductRepository, InMemoryRecipeRepository, InMemoryUserRepository, plainTextHasher, productFixture, recipeFixture } from '@larder/domain/testing';
import { defaultPorts } from '../../src/default-ports.js';
import { runCli } from '../../src/program.js';
import type { Store } from '../../src/database.js';

describe('products render writes its file only when complete', () => {
  it('a render that fails half-way leaves neither the file nor a partial one; the file never shows while it is written', async () => {
    const recipes = new InMemoryRecipeRepository();
    const products = new InMemoryProductRepository();
    const recipe = recipeFixture();
    await recipes.insert(recipe);
    const product = productFixture({ recipe_ids: [recipe.id] });
    await products.insert(product);
    const store: Store = {
      databaseName: 'in-memory',
      recipes,
      products,
      users: new InMemoryUserRepository(),
      ensureIndexes: () => okAsync([]),
      holdsAnyRecipe: async () => true,
      close: async () => undefined,
    };
    const directory = mkdtempSync(join(tmpdir(), 'larder-render-fail-'));
    const out = join(directory, 'book.pdf');
    let seenWhileWriting: string[] = [];
    const failing: DocumentRenderer = {
      revision: 'test',
      render: async () =>
        (async function* () {
          yield Buffer.from('%PDF-1.3\n');
          await new Promise((resolve) => setTimeout(resolve, 20));
          seenWhileWriting = readdirSync(directory);
          throw new Error('layout bug');
        })(),
    };
    const stderr = new PassThrough();
    let errors = '';
    stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const code = await runCli(['products', 'render', product.id, '--format', 'pdf', '--out', out, '--mongodb-url', 'mongodb://unused'], {
      ...defaultPorts(),
      io: { stdout: new PassThrough(), stderr, stdin: new PassThrough(), env: {} },
      openStore: () => okAsync(store),
      hasher: plainTextHasher,
      progress: () => ({ update: () => undefined, stop: () => undefined }) as never,
      documents: async () => failing,
    });
    assert.equal(code, 2);
    assert.match(errors, /cannot write .*book\.pdf: layout bug/);
    assert.equal(seenWhileWriting.includes('book.pdf'), false, 'the file is not there while it is being written');
    assert.equal(seenWhileWriting.length, 1, 'a partial file is');
    assert.equal(existsSync(out), false);
    assert.deepEqual(readdirSync(directory), []);
  });
});
