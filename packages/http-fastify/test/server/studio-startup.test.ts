/** What start-up says about the studio: served when STUDIO_DIR holds a build, else how to build one. */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { listeningLine, studioAtStartup } from '../../src/composition/studio.js';

const BUILT = fileURLToPath(new URL('../fixtures/studio/', import.meta.url));
const NOT_BUILT = fileURLToPath(new URL('../fixtures/studio/assets/', import.meta.url));

describe('the studio at start-up', () => {
  it('is served from a folder with index.html, and the listening line names its address first', () => {
    assert.deepEqual(studioAtStartup(BUILT), { studio: { dir: BUILT }, note: undefined });
    assert.equal(
      listeningLine('http://127.0.0.1:3000', true),
      'listening on http://127.0.0.1:3000 (the studio; API under http://127.0.0.1:3000/api, reference at http://127.0.0.1:3000/docs)',
    );
  });

  it('is said to be not built, with how to build it, when the folder has no index.html; / then leads to the reference', () => {
    const { studio, note } = studioAtStartup(NOT_BUILT);
    assert.equal(studio, undefined);
    assert.equal(note, `the studio is not built (no index.html in ${NOT_BUILT}): / redirects to /docs; pnpm start builds it, or: node scripts/build-studio.mjs`);
    assert.equal(listeningLine('http://127.0.0.1:3000', false), 'listening on http://127.0.0.1:3000 (API under http://127.0.0.1:3000/api, reference at http://127.0.0.1:3000/docs)');
  });

  it('says nothing with STUDIO_DIR=none', () => {
    assert.deepEqual(studioAtStartup(undefined), { studio: undefined, note: undefined });
  });
});
