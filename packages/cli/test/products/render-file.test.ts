import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { FileContent, RenderQueue, StoreUnavailable } from '@larder/domain';
import { InMemoryFileStore, InMemoryProductRepository, InMemoryRecipeRepository, InMemorySaleRepository, InMemoryUserRepository, plainTextHasher, productFixture, recipeFixture } from '@larder/domain/testing';
import { defaultPorts } from '../../src/default-ports.js';
import { runCli } from '../../src/program.js';
import type { Store } from '../../src/database.js';

/** A file store whose stored files break part-way through being read, and that notes what the directory held then. */
class BreakingFileStore extends InMemoryFileStore {
  seenWhileWriting: string[] = [];
  constructor(private readonly directory: string) {
    super();
  }
  override get(key: string): ResultAsync<FileContent | null, StoreUnavailable> {
    return super.get(key).map((found) => {
      if (found === null) return null;
      const directory = this.directory;
      const note = (seen: string[]) => (this.seenWhileWriting = seen);
      const body = (async function* () {
        yield Buffer.from('%PDF-1.3\n');
        await new Promise((resolve) => setTimeout(resolve, 20));
        note(readdirSync(directory));
        throw new Error('the stored copy could not be read');
      })();
      return { file: found.file, body };
    });
  }
}

async function renderWith(files: InMemoryFileStore, rendering: RenderQueue) {
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
    sales: new InMemorySaleRepository(),
    files,
    ensureIndexes: () => okAsync([]),
    slimRecipeDocuments: async () => ({ alreadyDone: true, slimmed: 0, done: true }),
    holdsAnyRecipe: async () => true,
    publishing: () => Promise.reject(new Error('this test publishes nothing')),
    close: async () => undefined,
  };
  const stderr = new PassThrough();
  let errors = '';
  stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const run = (out: string) =>
    runCli(['products', 'render', product.id, '--format', 'pdf', '--out', out, '--mongodb-url', 'mongodb://unused'], {
      ...defaultPorts(),
      io: { stdout: new PassThrough(), stderr, stdin: new PassThrough(), env: {} },
      openStore: () => okAsync(store),
      hasher: plainTextHasher,
      progress: () => ({ update: () => undefined, stop: () => undefined }) as never,
      rendering: async () => ({ ...rendering, close: async () => undefined }),
    });
  return { run, errors: () => errors };
}

const fakePdf: RenderQueue = { revision: 'test', render: () => okAsync(new Uint8Array(Buffer.from('%PDF-1.3\n%%EOF\n'))) };

describe('products render writes its file only when complete', () => {
  it('a stored copy that breaks half-way leaves neither the file nor a partial one; the file never shows while it is written', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'larder-render-fail-'));
    const out = join(directory, 'book.pdf');
    const files = new BreakingFileStore(directory);
    const cli = await renderWith(files, fakePdf);
    assert.equal(await cli.run(out), 0, 'the first run renders and writes the render itself');
    assert.ok(existsSync(out));
    assert.equal(await cli.run(join(directory, 'again.pdf')), 2);
    assert.match(cli.errors(), /cannot write .*again\.pdf: the stored copy could not be read/);
    assert.equal(files.seenWhileWriting.includes('again.pdf'), false, 'the file is not there while it is being written');
    assert.equal(files.seenWhileWriting.length, 2, 'a partial file is, beside the first');
    assert.deepEqual(readdirSync(directory), ['book.pdf']);
  });

  it('a render that fails writes nothing, stores nothing, and says why', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'larder-render-fail-'));
    const files = new InMemoryFileStore();
    const failing: RenderQueue = { revision: 'test', render: () => errAsync({ type: 'RenderFailed', message: 'layout bug', timedOut: false }) };
    const cli = await renderWith(files, failing);
    assert.equal(await cli.run(join(directory, 'book.pdf')), 2);
    assert.match(cli.errors(), /cannot render the product: layout bug/);
    assert.deepEqual(readdirSync(directory), []);
    assert.deepEqual((await files.list('documents/'))._unsafeUnwrap(), []);
  });
});
