import assert from 'node:assert/strict';
import { get } from 'node:http';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import type { DocumentRenderer } from '@larder/domain';
import { createEbook, createRecipe } from '../support/fixtures.js';
import { harness } from '../support/harness.js';

/** A renderer that never ends on its own, and says when its reader made it stop. */
function endlessRenderer() {
  const state = { chunks: 0, stopped: false };
  const renderer: DocumentRenderer = {
    revision: 'endless',
    render: async () =>
      (async function* () {
        try {
          yield Buffer.from('%PDF-1.3\n');
          for (;;) {
            state.chunks += 1;
            yield Buffer.alloc(16 * 1024, 0x20);
            await nextTurn();
          }
        } finally {
          state.stopped = true;
        }
      })(),
  };
  return { renderer, state };
}

describe('document downloads are streamed', () => {
  it('a client that goes away mid-download stops the rendering', async () => {
    const { renderer, state } = endlessRenderer();
    const h = await harness({ documents: renderer });
    try {
      const recipe = await createRecipe(h, { title: 'Soup' });
      const ebook = await createEbook(h, [recipe.id]);
      const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
      await new Promise<void>((resolve, reject) => {
        const request = get(`${address}/api/products/${ebook.id}/document.pdf`, { headers: { authorization: `Bearer ${h.token}` } }, (response) => {
          assert.equal(response.statusCode, 200);
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
      });
      for (let waited = 0; !state.stopped && waited < 5000; waited += 20) await sleep(20);
      assert.ok(state.stopped, `the renderer was stopped (${state.chunks} chunks made)`);
      const made = state.chunks;
      await sleep(100);
      assert.equal(state.chunks, made, 'and makes nothing more');
    } finally {
      await h.app.close();
    }
  });
});
