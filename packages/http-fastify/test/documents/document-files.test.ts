/**
 * Documents as stored files: rendered once, served from the file store afterwards, never twice at once, old versions
 * removed, and every way a render can fail answered with a problem that leaves nothing half-stored.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { createDocumentRenderer } from '@larder/adapters-documents';
import { errAsync, ResultAsync } from 'neverthrow';
import { DOCUMENT_KEY_TRUST_MS, documentPrefix, inlineRenderQueue, type RenderFailure, type RenderQueue } from '@larder/domain';
import { InMemoryFileStore, InMemoryRecipeRepository } from '@larder/domain/testing';
import { createEbook, createRecipe } from '../support/fixtures.js';
import { harness, type Harness } from '../support/harness.js';
import { assertProblem } from '../support/problems.js';

/** The in-memory recipes, counting the recipes read by id. */
class CountingRecipes extends InMemoryRecipeRepository {
  reads = 0;
  override findByIds(ids: readonly string[]) {
    this.reads += ids.length;
    return super.findByIds(ids);
  }
}

/** The real renderer, counting its renders; `failWith` makes the next renders fail instead, until cleared. */
function countingQueue() {
  const real = inlineRenderQueue(createDocumentRenderer());
  const state: { renders: number; failWith: RenderFailure | null; delayMs: number } = { renders: 0, failWith: null, delayMs: 0 };
  const queue: RenderQueue = {
    revision: real.revision,
    render: (document, options) => {
      state.renders += 1;
      if (state.failWith !== null) return errAsync(state.failWith);
      const wait = new Promise((resolve) => setTimeout(resolve, state.delayMs));
      return new ResultAsync(wait.then(() => real.render(document, options)));
    },
  };
  return { queue, state };
}

function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

async function ebookIn(h: Harness): Promise<string> {
  const soup = await createRecipe(h, { title: 'Stored Soup', ingredients: ['1 onion'] });
  const bread = await createRecipe(h, { title: 'Stored Bread', ingredients: ['500 g flour'] });
  return (await createEbook(h, [soup.id, bread.id], 'Kept Files')).id;
}

const pdfOf = (h: Harness, id: string, headers: Record<string, string> = {}) => h.request({ method: 'GET', url: `/api/products/${id}/document.pdf`, headers });

describe('documents are stored files', () => {
  it('renders a document once, stores it, and serves the same bytes from storage afterwards', async () => {
    const { queue, state } = countingQueue();
    const files = new InMemoryFileStore();
    const h = await harness({ rendering: queue, files });
    const id = await ebookIn(h);
    const first = await pdfOf(h, id);
    assert.equal(first.statusCode, 200);
    assert.equal(Number(first.headers['content-length']), first.rawPayload.byteLength);
    const stored = (await files.list(documentPrefix(id)))._unsafeUnwrap();
    assert.deepEqual(stored.map((file) => [file.contentType, file.size]), [['application/pdf', first.rawPayload.byteLength]]);
    const second = await pdfOf(h, id);
    assert.equal(second.statusCode, 200);
    assert.ok(second.rawPayload.equals(first.rawPayload), 'the stored file is the rendered one');
    assert.equal(second.headers['etag'], first.headers['etag']);
    assert.equal(second.headers['content-disposition'], 'attachment; filename="kept-files.pdf"');
    assert.deepEqual([state.renders, files.putsUnder(documentPrefix(id))], [1, 1], 'one render, one document stored (besides the generated cover of the product)');
  });

  it('reads no recipe for a repeat request while no recipe is written, and sees a written one at once', async () => {
    const recipes = new CountingRecipes();
    const h = await harness({ recipes });
    const id = await ebookIn(h);
    const first = await pdfOf(h, id);
    const readsAfterFirst = recipes.reads;
    assert.ok(readsAfterFirst > 0);
    const second = await pdfOf(h, id);
    assert.equal(second.headers['etag'], first.headers['etag']);
    assert.equal(recipes.reads, readsAfterFirst, 'the repeat request read the recipes again');
    // Any recipe written, even one outside the product, and the key is found from the recipes again.
    await createRecipe(h, { title: 'Unrelated Salad' });
    assert.equal((await pdfOf(h, id)).headers['etag'], first.headers['etag']);
    assert.ok(recipes.reads > readsAfterFirst);
    const soupId = (await h.request({ method: 'GET', url: `/api/products/${id}` })).json<{ recipe_ids: string[] }>().recipe_ids[0] ?? '';
    await h.request({ method: 'PATCH', url: `/api/recipes/${soupId}`, body: { title: 'Stored Soup, Renamed' } });
    assert.notEqual((await pdfOf(h, id)).headers['etag'], first.headers['etag']);
  });

  it('trusts a remembered key for at most a minute', async () => {
    const recipes = new CountingRecipes();
    const h = await harness({ recipes });
    const id = await ebookIn(h);
    await pdfOf(h, id);
    const reads = recipes.reads;
    h.clock.advance(DOCUMENT_KEY_TRUST_MS - 1000);
    await pdfOf(h, id);
    assert.equal(recipes.reads, reads);
    h.clock.advance(2000);
    await pdfOf(h, id);
    assert.ok(recipes.reads > reads, 'a key older than a minute was still trusted');
  });

  it('renders once for concurrent first requests of one file', async () => {
    const { queue, state } = countingQueue();
    state.delayMs = 100;
    const files = new InMemoryFileStore();
    const h = await harness({ rendering: queue, files });
    const id = await ebookIn(h);
    const answers = await Promise.all(Array.from({ length: 6 }, () => pdfOf(h, id)));
    assert.deepEqual(answers.map((answer) => answer.statusCode), [200, 200, 200, 200, 200, 200]);
    for (const answer of answers) assert.ok(answer.rawPayload.equals(answers[0]?.rawPayload ?? Buffer.alloc(0)));
    assert.deepEqual([state.renders, files.putsUnder(documentPrefix(id))], [1, 1], 'one render, one document stored (besides the generated cover of the product)');
  });

  it('hands a rendered file out before it is stored, and shares that render with requests that come while it is stored', async () => {
    /** A file store whose documents are kept only once `release` is called. */
    class SlowStore extends InMemoryFileStore {
      #open: () => void = () => undefined;
      readonly #gate = new Promise<void>((resolve) => {
        this.#open = resolve;
      });
      release(): void {
        this.#open();
      }
      override put(key: string, body: Uint8Array | AsyncIterable<Uint8Array>, info: { readonly contentType: string }) {
        if (!key.startsWith('documents/')) return super.put(key, body, info);
        return new ResultAsync(this.#gate.then(() => super.put(key, body, info)));
      }
    }
    const { queue, state } = countingQueue();
    const files = new SlowStore();
    const { lines, logger } = logLines();
    const h = await harness({ rendering: queue, files, logger });
    const id = await ebookIn(h);
    const first = await pdfOf(h, id);
    assert.equal(first.statusCode, 200);
    assert.equal(files.putsUnder(documentPrefix(id)), 0, 'answered while the file was not stored yet');
    const meanwhile = await pdfOf(h, id);
    assert.ok(meanwhile.rawPayload.equals(first.rawPayload));
    assert.equal(state.renders, 1, 'a request while it is stored shares the render');
    files.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(files.putsUnder(documentPrefix(id)), 1);
    assert.ok((await pdfOf(h, id)).rawPayload.equals(first.rawPayload));
    assert.equal(state.renders, 1, 'then it is served from storage');
    assert.deepEqual(lines.filter((line) => line['msg'] === 'document storage'), []);
  });

  it('answers If-None-Match from the versions alone: no storage read, no render', async () => {
    const { queue, state } = countingQueue();
    const files = new InMemoryFileStore();
    const h = await harness({ rendering: queue, files });
    const id = await ebookIn(h);
    const etag = String((await pdfOf(h, id)).headers['etag']);
    files.unavailable = true;
    assert.equal((await pdfOf(h, id, { 'if-none-match': etag })).statusCode, 304);
    assert.equal(state.renders, 1);
  });

  it('renders a changed product anew and removes the files of its older version, keeping other variants of the new one', async () => {
    const { queue, state } = countingQueue();
    const files = new InMemoryFileStore();
    const h = await harness({ rendering: queue, files });
    const id = await ebookIn(h);
    const before = await pdfOf(h, id);
    await h.request({ method: 'GET', url: `/api/products/${id}/document.epub` });
    assert.equal((await files.list(documentPrefix(id)))._unsafeUnwrap().length, 2);
    assert.equal((await h.request({ method: 'PATCH', url: `/api/products/${id}`, body: { title: 'Kept Files, Second Edition' } })).statusCode, 200);
    const after = await pdfOf(h, id);
    assert.notEqual(after.headers['etag'], before.headers['etag']);
    assert.ok(!after.rawPayload.equals(before.rawPayload));
    await h.request({ method: 'GET', url: `/api/products/${id}/document.pdf?page_size=letter` });
    const kept = (await files.list(documentPrefix(id)))._unsafeUnwrap().map((file) => file.key);
    assert.equal(kept.length, 2, `only the new version's two variants are kept: ${kept.join(', ')}`);
    assert.equal(new Set(kept.map((key) => key.split('/')[2])).size, 1, 'one generation');
    assert.deepEqual(kept.map((key) => key.split('/')[3]).sort(), ['a4-original.pdf', 'letter-original.pdf']);
    assert.equal(state.renders, 4);
  });

  it('never lets a render that finishes late remove the file of a newer version', async () => {
    const { queue, state } = countingQueue();
    const files = new InMemoryFileStore();
    const h = await harness({ rendering: queue, files });
    const id = await ebookIn(h);
    state.delayMs = 400;
    const late = pdfOf(h, id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    state.delayMs = 0;
    const soupId = (await h.request({ method: 'GET', url: `/api/products/${id}` })).json<{ recipe_ids: string[] }>().recipe_ids[0] ?? '';
    assert.equal((await h.request({ method: 'PATCH', url: `/api/recipes/${soupId}`, body: { notes: 'A newer version.' } })).statusCode, 200);
    const newer = await pdfOf(h, id);
    assert.equal((await late).statusCode, 200);
    const kept = (await files.list(documentPrefix(id)))._unsafeUnwrap();
    const newest = (await pdfOf(h, id)).rawPayload;
    assert.ok(newest.equals(newer.rawPayload), 'the newer version is what is served');
    assert.ok(kept.some((file) => file.size === newer.rawPayload.byteLength), `the newer file was removed: ${kept.map((file) => file.key).join(', ')}`);
    assert.equal(state.renders, 2, 'the newer version was rendered once and then served from storage');
  });

  it('answers a render that throws with a 500 logged with the product id, stores nothing, and tries again on the next request', async () => {
    const { queue, state } = countingQueue();
    const files = new InMemoryFileStore();
    const { lines, logger } = logLines();
    const h = await harness({ rendering: queue, files, logger });
    const id = await ebookIn(h);
    state.failWith = { type: 'RenderFailed', message: 'pdfmake: table overflow at page 3', timedOut: false };
    const failed = assertProblem(await pdfOf(h, id), 500, 'internal');
    assert.doesNotMatch(JSON.stringify(failed), /pdfmake|overflow/, 'the cause stays in the log');
    const logged = lines.find((line) => line['msg'] === 'document rendering failed');
    assert.equal(logged?.['product_id'], id);
    assert.match(String(logged?.['reason']), /table overflow/);
    assert.deepEqual((await files.list('documents/'))._unsafeUnwrap(), []);
    state.failWith = null;
    assert.equal((await pdfOf(h, id)).statusCode, 200);
    assert.equal(state.renders, 2);
  });

  it('answers a render stopped after its time limit, or a full queue, with a 503 and Retry-After', async () => {
    const { queue, state } = countingQueue();
    const h = await harness({ rendering: queue });
    const id = await ebookIn(h);
    state.failWith = { type: 'RenderFailed', message: 'the render ran past 60000 ms and was stopped', timedOut: true };
    const late = await pdfOf(h, id);
    assertProblem(late, 503, 'unavailable');
    assert.ok(Number(late.headers['retry-after']) >= 1);
    state.failWith = { type: 'RendererBusy', retryAfterSeconds: 12 };
    const busy = await pdfOf(h, id);
    assert.match(assertProblem(busy, 503, 'unavailable').detail, /busy/);
    assert.equal(busy.headers['retry-after'], '12');
  });

  it('still gives the file when the file store is down, and says so in the log', async () => {
    const { queue } = countingQueue();
    const files = new InMemoryFileStore();
    const { lines, logger } = logLines();
    const h = await harness({ rendering: queue, files, logger });
    const id = await ebookIn(h);
    files.unavailable = true;
    const answer = await pdfOf(h, id);
    assert.equal(answer.statusCode, 200);
    assert.ok(answer.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-')));
    assert.ok(lines.some((line) => line['msg'] === 'document storage' && /not stored/.test(String(line['reason']))));
  });
});
